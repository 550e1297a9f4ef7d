-- Exalted sacrifices: at the end of the game each critter in the holder's
-- crater is worth 2 points instead of 1. Its scoring tests read the score
-- through game.score.

-- Where a Caldera bolt could be played in the holder's turn.
local STEPS = { "move", "buy", "target", "claim", "sacrifice" }

test("a Caldera Exalted sacrifices card has no bolt to play", function()
  for _, step in ipairs(STEPS) do
    scenario(([[
      turn A %s
      caldera A Exalted_sacrifices
      tile 0 0 uno_dark
      tile 1 0 uno_dark
      tile 3 0 uno_light
      critter A 0 0 dark
      resources A dark 3
    ]]):format(step))
    expect(#options() > 1, "no choice at the " .. step .. " step")
    for _, o in ipairs(options()) do
      expect(o.verb ~= "play_card", "offered at the " .. step .. " step: " .. o.text)
    end
  end
end)

test("rules tests can read a player's score", function()
  scenario[[
    tile 0 0 uno_dark
    critter A 0 0 dark
  ]]
  expect_eq(game.score(0).critters, 1)
end)

test("exalted sacrifices score two points per crater critter", function()
  scenario[[
    hold A Exalted_sacrifices
    crater A 3
    crater B 1
  ]]
  local a, b = game.score(0), game.score(1)
  expect_eq(a.sacrifices + a.bonus, 6, "A's three crater critters")
  expect_eq(b.sacrifices + b.bonus, 1, "B, without the power, scores one")
end)

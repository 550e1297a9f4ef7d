-- Bountiful resources: the holder may hold up to 8 resources after
-- collection (7 without it), discarding down to 8 if over.

-- P's critter on a dark Uno, about to collect one dark; P holds `have`
-- resources before collecting (3 dark, then medium, then light).
local function collecting(p, have, extra)
  local parts = { dark = math.min(have, 3), medium = math.min(math.max(have - 3, 0), 3) }
  parts.light = have - parts.dark - parts.medium
  return ([[
    turn %s collect
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources %s dark %d medium %d light %d
  ]]):format(p, p, parts.dark, parts.medium, parts.light) .. (extra or "")
end

local function total(p)
  local r = game.resources(p)
  return r.dark + r.medium + r.light
end

test("bountiful resources let the holder keep eight resources after collection", function()
  scenario(collecting("A", 7, "hold A Bountiful_resources"))
  run()
  expect_eq(total(0), 8)
  expect(decision().kind ~= "discard", "asked to discard at eight")
  expect_eq(game.active(), 1, "the turn passed to B")
end)

test("bountiful resources discard down to eight, not seven", function()
  scenario(collecting("A", 8, "hold A Bountiful_resources"))
  run()
  expect_eq(decision().kind, "discard")
  choose("discard 1 light")
  expect_eq(total(0), 8)
  expect(decision().kind ~= "discard", "asked to discard below eight")
end)

test("without bountiful resources the limit after collection stays seven", function()
  scenario(collecting("A", 7))
  run()
  expect_eq(decision().kind, "discard")
  choose("discard 1 light")
  expect_eq(total(0), 7)
end)

test("bountiful resources raise the holder's limit only", function()
  scenario[[
    turn B collect
    hold A Bountiful_resources
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources B dark 3 medium 2 light 2
  ]]
  run()
  expect_eq(decision().kind, "discard")
  expect_eq(decision().player, 1)
end)

-- Where a Caldera bolt could be played in the holder's turn.
local STEPS = { "move", "buy", "target", "claim", "sacrifice" }

test("a Caldera Bountiful resources card has no bolt to play", function()
  for _, step in ipairs(STEPS) do
    scenario(([[
      turn A %s
      caldera A Bountiful_resources
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

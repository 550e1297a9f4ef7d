-- Exalted sacrifices: at the end of the game each critter in the holder's
-- crater is worth 2 points instead of 1. Its scoring tests wait for a score
-- reader in the game library: see _engine_bugs.lua ("BLOCKED (score reader)").

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

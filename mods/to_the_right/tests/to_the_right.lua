-- To the Right (mods/to_the_right): tiles and volcanoes target the previous
-- player in turn order, or any opponent with 5 or more critters on land.

-- The stacks the pending decision (a volcano's target) offers, as a set of "q,r".
local function targets()
  local out = {}
  for _, o in ipairs(options()) do
    if o.verb == "target" and o.q then out[o.q .. "," .. o.r] = true end
  end
  return out
end

-- A row of single Unos of alternating biomes from (0,0) east, `n` long.
local BIOMES = { "dark", "medium", "light" }
local function row(n, head, critters)
  local out = { head }
  for q = 0, n - 1 do out[#out + 1] = ("tile %d 0 uno_%s"):format(q, BIOMES[q % 3 + 1]) end
  for _, c in ipairs(critters) do
    out[#out + 1] = ("critter %s %d 0 %s"):format(c[1], c[2], BIOMES[c[2] % 3 + 1])
  end
  scenario(table.concat(out, "\n"))
end

test("to the right: a volcano may target only the player on your right", function()
  row(5, "players 3\nvariant to_the_right\nturn A target", { { "B", 0 }, { "B", 1 }, { "C", 2 } })
  expect_eq(game.variant(), "to_the_right")
  local got = targets()
  expect(got["2,0"], "C, on A's right, is not a target")
  expect(not got["0,0"] and not got["1,0"], "B, on A's left, is a target")
  expect(not got["3,0"] and not got["4,0"], "stacks with no critter are targets")
end)

test("to the right: from the first seat the right is the last seat, in four", function()
  row(6, "players 4\nvariant to_the_right\nturn A target", { { "B", 0 }, { "C", 1 }, { "D", 2 } })
  local got = targets()
  expect(got["2,0"], "D, on A's right, is not a target")
  expect(not got["0,0"] and not got["1,0"], "B or C is a target")
end)

test("to the right: an opponent with five critters on land is a target for anyone", function()
  local critters = {}
  for q = 0, 4 do critters[#critters + 1] = { "B", q } end
  critters[#critters + 1] = { "C", 5 }
  row(7, "players 3\nvariant to_the_right\nturn A target", critters)
  local got = targets()
  expect(got["0,0"] and got["4,0"], "B, with five, is not a target")
  expect(got["5,0"], "C, on A's right, is not a target")
end)

-- Lateral eruption: when the holder activates a volcano they may roll a d4
-- for a second explosion site: they pick a side (a neighbour of the volcano,
-- number 1) and the d4 counts clockwise from it. If the rolled neighbour can
-- take a volcano (land without lava or a volcano; it may be higher) it erupts
-- too, with its own lava but no second Power Grid unlock; the supply must
-- still hold a volcano. Caldera bolt: a lateral eruption for a volcano
-- activated this turn, offered while choosing a volcano's target.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

-- Directions of the volcano's neighbours holding a volcano now.
local function volcano_dirs(q, r)
  local out = {}
  for _, n in ipairs(game.neighbours(q, r)) do
    if game.stack(n.q, n.r).top == "volcano" then out[#out + 1] = n.dir end
  end
  return out
end

-- The volcano goes on a dark Uno at (0,0); each of its six neighbours is a
-- soil stack two high (higher than the target).
local function ring(turn_of, extra)
  local lines = { ("turn %s target"):format(turn_of), "tile 0 0 uno_dark" }
  for _, at in ipairs{ { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } } do
    lines[#lines + 1] = ("tile %d %d soil\ntile %d %d soil"):format(at[1], at[2], at[1], at[2])
  end
  return table.concat(lines, "\n") .. "\n" .. (extra or "")
end

test("lateral eruption sets off a second volcano on the neighbour a d4 picks clockwise from the side", function()
  -- The d4 comes from the game's seeded dice: over a fixed list of seeds,
  -- every site must be within the count and most of the count must occur.
  local seen, distinct = {}, 0
  for seed = 1, 16 do
    scenario(ring("A", "hold A Lateral_eruption\nseed " .. seed))
    local volcanoes = game.supply().volcanoes
    choose("on the stack at (0,0)")
    expect_eq(decision().kind, "script", "no lateral eruption was offered")
    choose("From the stack at (-1,0)")   -- direction 4: the d4 counts 4, 5, 6, 1
    local dirs = volcano_dirs(0, 0)
    expect_eq(#dirs, 1, "not exactly one second volcano")
    local d = dirs[1]
    expect(d == 4 or d == 5 or d == 6 or d == 1, "the second volcano is not within the d4's count: direction " .. d)
    if not seen[d] then seen[d], distinct = true, distinct + 1 end
    expect_eq(game.supply().volcanoes, volcanoes - 1, "the second volcano did not come from the supply")
  end
  expect(distinct >= 3, "the d4 reached only " .. distinct .. " of its four sites")
end)

test("a lateral eruption's volcano lets out its own lava", function()
  -- The first volcano is lower than its ring: any lava comes from the second.
  scenario(ring("A", "hold A Lateral_eruption"))
  choose("on the stack at (0,0)")
  expect_eq(#game.lava_flows(), 0, "the first volcano let out lava")
  choose("From the stack at (1,0)")
  local site = game.neighbour(0, 0, volcano_dirs(0, 0)[1])
  local flows = game.lava_flows()
  expect_eq(#flows, 1, "the second volcano let out no lava")
  expect_eq(("(%d,%d)"):format(flows[1].q, flows[1].r), ("(%d,%d)"):format(site.q, site.r))
end)

test("a lateral eruption unlocks no second power", function()
  scenario(ring("A", "hold A Lateral_eruption"))
  choose("on the stack at (0,0)")
  choose("From the stack at (1,0)")
  expect_eq(decision().kind, "unlock")
  choose(1)
  expect(not (decision().kind == "unlock" and decision().player == 0), "a second power was unlocked")
end)

test("a lateral eruption wipes out the critters at its site", function()
  -- B's critters on the four sites the d4 can pick from side (1,0), each on
  -- its own biome; the ring's other two stay soil.
  scenario([[
    turn A target
    hold A Lateral_eruption
    tile 0 0 uno_dark
    tile 1 0 soil
    tile 1 0 uno_dark
    tile 0 1 soil
    tile 0 1 uno_light
    tile -1 1 soil
    tile -1 1 uno_medium
    tile -1 0 soil
    tile -1 0 uno_light
    tile 0 -1 soil
    tile 0 -1 soil
    tile 1 -1 soil
    tile 1 -1 soil
    critter B 1 0 dark
    critter B 0 1 light
    critter B -1 1 medium
    critter B -1 0 light
  ]])
  choose("on the stack at (0,0)")
  choose("From the stack at (1,0)")
  local d = volcano_dirs(0, 0)[1]
  expect(d and d <= 4, "no second volcano within the count")
  expect_eq(game.critters_on_land(1), 3, "not exactly the site's critter was wiped out")
  local site = game.neighbour(0, 0, d)
  expect_eq(#game.critters_at(site.q, site.r), 0, "a critter survived at the site")
end)

test("a lateral eruption rolled onto the ocean sets off nothing", function()
  -- Land only north-west and north-east: the d4 from the east side counts
  -- east, south-east, south-west and west, all ocean.
  scenario[[
    turn A target
    hold A Lateral_eruption
    tile 0 0 uno_dark
    tile 0 -1 soil
    tile 1 -1 soil
  ]]
  local volcanoes = game.supply().volcanoes
  choose("on the stack at (0,0)")
  choose("From the stack at (1,0)")
  expect_eq(#volcano_dirs(0, 0), 0)
  expect_eq(game.supply().volcanoes, volcanoes)
end)

test("lateral eruption may be declined", function()
  scenario(ring("A", "hold A Lateral_eruption"))
  local volcanoes = game.supply().volcanoes
  choose("on the stack at (0,0)")
  pass()
  expect_eq(#volcano_dirs(0, 0), 0)
  expect_eq(game.supply().volcanoes, volcanoes)
end)

test("lateral eruption needs a volcano left in the supply", function()
  local far = {}
  for q = 8, 14 do far[#far + 1] = ("tile %d 5 soil\ntile %d 5 volcano"):format(q, q) end
  scenario(ring("A", "hold A Lateral_eruption\n" .. table.concat(far, "\n")))   -- 7 volcanoes out, 1 bought
  expect_eq(game.supply().volcanoes, 0, "the volcano bought was not the last")
  choose("on the stack at (0,0)")
  expect(decision().kind ~= "script", "offered with no volcano in the supply")
end)

test("lateral eruption is for the holder's own volcanoes", function()
  scenario(ring("B", "hold A Lateral_eruption"))
  choose("on the stack at (0,0)")
  expect(decision().kind ~= "script", "offered at another player's volcano")
end)

test("a lateral eruption bolt gives a lateral eruption at the player's own volcano", function()
  scenario(ring("A", "caldera A Lateral_eruption"))
  expect(offered("Caldera card Lateral eruption"), "not offered while choosing the target")
  choose("Caldera card Lateral eruption")
  choose("on the stack at (0,0)")
  choose("From the stack at (1,0)")
  expect_eq(#volcano_dirs(0, 0), 1)
end)

test("without the power or a bolt no lateral eruption is offered", function()
  scenario(ring("A"))
  choose("on the stack at (0,0)")
  expect(decision().kind ~= "script", "a lateral eruption was offered")
end)

test("a lateral eruption bolt is not offered in the move step", function()
  scenario[[
    turn A move
    caldera A Lateral_eruption
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
  ]]
  expect_eq(decision().kind, "move")
  expect(not offered("Caldera card Lateral eruption"), "offered in the move step")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a lateral eruption bolt is not offered when no Volcano is left in the supply", function()
  local far = {}
  for q = 8, 14 do far[#far + 1] = ("tile %d 5 soil\ntile %d 5 volcano"):format(q, q) end
  scenario(ring("A", "caldera A Lateral_eruption\n" .. table.concat(far, "\n")))   -- 7 volcanoes out, 1 bought
  expect_eq(game.supply().volcanoes, 0, "the volcano bought was not the last")
  expect(not offered("Caldera card Lateral eruption"), "offered with no volcano in the supply")
end)

test("a lateral eruption bolt is not offered to a holder whose own eruption takes the last Volcano", function()
  local far = {}
  for q = 8, 13 do far[#far + 1] = ("tile %d 5 soil\ntile %d 5 volcano"):format(q, q) end
  scenario(ring("A", "hold A Lateral_eruption\ncaldera A Lateral_eruption\n" .. table.concat(far, "\n")))
  expect_eq(game.supply().volcanoes, 1)
  expect(not offered("Caldera card Lateral eruption"), "offered for a second eruption with one volcano left")
end)

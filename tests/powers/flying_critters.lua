-- Flying critters: in the move step a critter may fly to any uncontrolled
-- biome any distance away, even on an inhabited tile. Caldera bolt: in this
-- move step one critter may fly, as the power allows.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

-- A's critter on a dark Uno at (0,0), joined to another at (1,0); far away at (5,0) a dark/light Duo
-- with B's critter on its dark area (its light area is free and nobody's);
-- a medium Uno at (0,5), empty; B's light biome at (-5,0).
local function far(extra)
  return [[
    turn A move
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 5 0 duo_dark_light
    tile 0 5 uno_medium
    tile -5 0 uno_light
    critter A 0 0 dark
    critter B 5 0 dark
    critter B -5 0 light
  ]] .. (extra or "")
end

test("a flying critter moves onto an uncontrolled biome any distance away", function()
  scenario(far("hold A Flying_critters"))
  choose("to the medium area at (0,5)")
  local c = game.critter(0, 1)
  expect_eq(c.q, 0)
  expect_eq(c.r, 5)
  expect_eq(c.biome, "medium")
end)

test("a flying critter may land on an inhabited tile", function()
  scenario(far("hold A Flying_critters"))
  choose("to the light area at (5,0)")
  expect_eq(game.critter(0, 1).biome, "light")
  expect_eq(#game.critters_at(5, 0), 2)
end)

test("a flying critter may not land on a controlled biome", function()
  scenario(far("hold A Flying_critters"))
  expect(offered("to the medium area at (0,5)"), "the position has no flight at all")
  expect(not offered("(-5,0)"), "B's biome was offered")
  expect(not offered("to the dark area at (5,0)"), "B's occupied area was offered")
end)

test("without flying critters a distant biome is out of reach", function()
  scenario(far())
  expect(not offered("(0,5)"), "a distant flight was offered")
end)

test("a flying bolt lets one critter fly in this move step", function()
  scenario(far("caldera A Flying_critters"))
  expect(not offered("(0,5)"), "a flight before the bolt")
  choose("Caldera card Flying critters")
  choose("Fly A's critter at (0,0) to the medium area at (0,5)")
  expect_eq(game.critter(0, 1).r, 5)
  expect(decision().kind ~= "move", "the flight did not use the move")
end)

test("a flying bolt gives one flight, not two", function()
  local text = far("caldera A Flying_critters\nhold A Agile_critters\ntile 0 -3 duo_dark_light\n" ..
                   "critter A 0 -3 dark")
  scenario((text:gsub("turn A move", "turn B lava")))
  run()   -- A's turn starts: agile critters give two moves
  choose("Caldera card Flying critters")
  choose("Fly A's critter at (0,0) to the medium area at (0,5)")
  expect_eq(decision().kind, "move", "agile critters' second move is missing")
  expect(not offered("Fly "), "a second flight was offered")
end)

test("a flying bolt does not fly onto a controlled biome", function()
  scenario(far("caldera A Flying_critters"))
  choose("Caldera card Flying critters")
  expect(offered("Fly A's critter at (0,0) to the medium area at (0,5)"), "no flight at all")
  expect(not offered("(-5,0)"), "B's biome was offered")
  expect(not offered("to the dark area at (5,0)"), "B's occupied area was offered")
end)

test("a flying bolt is offered in the move step but not in the buy step", function()
  scenario(far("caldera A Flying_critters\nresources A dark 3"))
  expect(offered("Caldera card Flying critters"), "not offered in the move step")
  pass()
  expect_eq(decision().kind, "buy")
  expect(not offered("Caldera card Flying critters"), "offered in the buy step")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a flying bolt is not offered to a holder, whose critters fly already", function()
  scenario(far("hold A Flying_critters\ncaldera A Flying_critters"))
  expect(not offered("Caldera card Flying critters"), "offered to a holder")
end)

test("a flying bolt is not offered when no uncontrolled biome lies beyond the critters' reach", function()
  scenario[[
    turn A move
    caldera A Flying_critters
    hold A Agile_critters
    tile 0 0 duo_dark_light
    tile 1 0 uno_medium
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  expect(offered("to the medium area at (1,0)"), "the agile move is missing")
  expect(not offered("Caldera card Flying critters"), "offered for a flight an agile move makes too")
end)

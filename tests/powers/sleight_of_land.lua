-- Sleight of land: when the holder activates a volcano they may turn the
-- target tile to any orientation before the Volcano lands on it; each turn
-- giving a different pattern of edges is offered. Caldera bolt: while choosing
-- a volcano's target, the tile may be turned as the power allows.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function turns_offered()
  local n = 0
  for _, o in ipairs(options()) do
    if o.text:find("Turn it", 1, true) then n = n + 1 end
  end
  return n
end

local function turn_asked()
  local d = decision()
  return d.kind == "script" and d.prompt:find("Turn the target tile", 1, true) ~= nil
end

-- A's volcano about to be set off at (0,0), a Duo on a dark Uno, turned 0.
-- With Super volcanic eruption held too, A's next question (make it the
-- super volcano?) comes before the Volcano lands.
local function duo_target(extra)
  scenario([[
    turn A target
    tile 0 0 uno_dark
    tile 0 0 duo_dark_light
    tile 1 0 uno_dark
  ]] .. (extra or ""))
end

test("sleight of land turns the target tile to the orientation chosen before the volcano lands", function()
  duo_target("hold A Sleight_of_land\nhold A Super_volcanic_eruption")
  expect_eq(game.stack(0, 0).rotation, 0)
  choose("unleash the volcano on the stack at (0,0)")
  expect(turn_asked(), "the holder is asked")
  choose("Turn it 2 sixths clockwise")
  expect_eq(game.stack(0, 0).tile, "duo_dark_light", "the Volcano has not landed yet")
  expect_eq(game.stack(0, 0).rotation, 0, "turned only once the blow has fallen")
  pass()   -- an ordinary volcano
  local s = game.stack(0, 0)
  expect_eq(s.top, "volcano")
  expect_eq(s.layers[2].tile, "duo_dark_light")
  expect_eq(s.layers[2].rotation, 2, "the Volcano landed on the turned tile")
end)

test("sleight of land left alone keeps the tile as it was", function()
  duo_target("hold A Sleight_of_land\nhold A Super_volcanic_eruption")
  choose("unleash the volcano on the stack at (0,0)")
  pass()
  expect_eq(game.stack(0, 0).rotation, 0)
end)

test("sleight of land offers each turn that gives a different pattern: five for a Duo or a Trio", function()
  duo_target("hold A Sleight_of_land")
  choose("unleash the volcano on the stack at (0,0)")
  expect_eq(turns_offered(), 5)
  scenario[[
    turn A target
    hold A Sleight_of_land
    tile 0 0 uno_dark
    tile 0 0 trio_dlm
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  expect_eq(turns_offered(), 5)
end)

test("sleight of land does not ask about an Uno, which looks the same every way", function()
  scenario[[
    turn A target
    hold A Sleight_of_land
    tile 0 0 uno_dark
    tile 0 0 uno_light
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  expect(not turn_asked())
end)

test("sleight of land works only on the holder's own volcanoes", function()
  duo_target("hold B Sleight_of_land")
  choose("unleash the volcano on the stack at (0,0)")
  expect(not turn_asked(), "B was asked about A's volcano")
end)

test("a critter migrating off a sleight of land target gets away before the tile turns", function()
  duo_target([[
    hold A Sleight_of_land
    hold B Volcanic_migration
    critter B 0 0 dark
    resources B dark 3
  ]])
  choose("unleash the volcano on the stack at (0,0)")
  expect_eq(decision().player, 1, "the migration is asked first")
  choose("To the dark area at (1,0)")
  expect(turn_asked(), "then the turn")
  choose("Turn it 3 sixths clockwise")
  local b = game.critter(1, 1)
  expect_eq(b.place, "board")
  expect_eq(b.q, 1)
  expect_eq(game.resources(1).dark, 0, "paid for")
end)

test("a sleight of land bolt lets a player without the power turn the target tile", function()
  duo_target("caldera A Sleight_of_land")
  expect(offered("Caldera card Sleight of land"), "the bolt is offered while choosing the target")
  choose("Caldera card Sleight of land")
  choose("unleash the volcano on the stack at (0,0)")
  expect(turn_asked())
  expect_eq(turns_offered(), 5)
end)

test("a sleight of land bolt is not offered outside the choice of a volcano's target", function()
  scenario[[
    turn A move
    caldera A Sleight_of_land
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
    resources A dark 2
  ]]
  expect(not offered("Sleight of land"), "offered in the move step")
  pass()
  expect_eq(decision().kind, "buy")
  expect(not offered("Sleight of land"), "offered in the buy step")
end)

-- Rulebook order: the critters are removed for the volcano, then the tile
-- turns, then the Volcano lands; a Colossal critter flees the blow.
test("a Colossal critter on a Sleight of land target flees the eruption as it would without the turn", function()
  scenario[[
    turn A target
    hold A Sleight_of_land
    hold B Colossal_critter
    tile 0 0 uno_dark
    tile 0 0 duo_dark_light
    tile 1 0 uno_dark
    critter B 0 0 dark
    mark 0 0 1 colossal
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  choose("Turn it 2 sixths clockwise")
  local b = game.critter(1, 1)
  expect(b.place == "board" or decision().kind == "evacuate",
    "the Colossal critter went to " .. b.place .. " instead of fleeing to (1,0)")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a sleight of land bolt is not offered when every stack a volcano could go on is an Uno", function()
  scenario[[
    turn A target
    caldera A Sleight_of_land
    tile 0 0 uno_dark
    tile 1 0 uno_light
  ]]
  expect(not offered("Caldera card Sleight of land"), "offered with only Unos to turn")
end)

test("a sleight of land bolt is not offered to a holder who has a turn left for this volcano", function()
  duo_target("hold A Sleight_of_land\ncaldera A Sleight_of_land")
  expect(not offered("Caldera card Sleight of land"), "offered beside the holder's own turn")
end)

-- Scouting critters (mods/scouting_critters): a card the mod declares, a
-- two-step question in words, and a per-player tally in game.state.
--
-- The board of most tests: A's critter on a dark Uno at (0,0); a row of
-- tiles eastwards, so (2,0) is two steps away and (1,0) one step.

local ROW = [[
    tile 0 0 uno_dark
    tile 1 0 uno_medium
    tile 2 0 uno_light
    tile 3 0 uno_dark
    critter A 0 0 dark
]]

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

test("the mod's card joins the base cards", function()
  scenario("turn A claim\n" .. ROW)
  local card = game.card("Scouting critters")
  expect(card ~= nil, "no card called Scouting critters")
  expect_eq(card.stars, 2)
  expect_eq(card.level_min .. "-" .. card.level_max, "1-3")
  local names = {}
  for _, name in ipairs(game.cards()) do names[name] = true end
  expect(names["Scouting critters"] and names["Erosion"], "the deck lacks the mod's card or a base card")
end)

test("only the holder is offered a trip, in the claim step", function()
  scenario("turn A claim\n" .. ROW)
  expect(not offered("scouting"), "a trip was offered to a player without the power")
  scenario("turn A claim\nhold A Scouting_critters\n" .. ROW)
  expect(offered("Send a critter scouting (trips so far: 0)"), "the holder was not offered a trip")
  scenario("turn A buy\nhold A Scouting_critters\n" .. ROW)
  expect(not offered("scouting"), "a trip was offered outside the claim step")
end)

test("a trip asks which critter, then where, naming the place it set out from", function()
  scenario("turn A claim\nhold A Scouting_critters\n" .. ROW .. "critter A 3 0 dark\n")
  choose("Send a critter scouting")
  expect_eq(decision().prompt, "Which critter goes scouting?")
  expect(offered("A's critter at (0,0)") and offered("A's critter at (3,0)"), "the critters are not named")
  choose("A's critter at (0,0)")
  expect_eq(decision().prompt, "Where does the scout from (0,0) go?")
  choose("The light biome at (2,0)")
  local c = game.critter(0, 1)
  expect_eq(c.q .. "," .. c.r, "2,0", "the scout did not arrive")
  expect_eq(decision().kind, "claim", "play did not go back to the claim step")
end)

test("a scout goes exactly two steps, onto a free area of an uncontrolled biome", function()
  scenario("turn A claim\nhold A Scouting_critters\n" .. ROW .. [[
    tile -2 0 uno_medium
    critter B -2 0 medium
    tile 0 2 uno_light
    tile 0 1 uno_dark
  ]])
  choose("Send a critter scouting")
  choose("A's critter at (0,0)")
  local where = {}
  for _, o in ipairs(options()) do where[#where + 1] = o.text end
  table.sort(where)
  -- (1,0) and (0,1) are one step away; B controls (-2,0); (3,0) is three steps away.
  expect_eq(table.concat(where, "; "), "The light biome at (0,2); The light biome at (2,0)")
end)

test("one trip a turn; a Caldera bolt gives one more, and the tally counts both", function()
  scenario("turn A claim\nhold A Scouting_critters\ncaldera A Scouting_critters\n" .. ROW .. "tile 4 0 uno_medium\n")
  choose("Send a critter scouting (trips so far: 0)")
  choose("A's critter at (0,0)")
  choose("(2,0)")
  expect(not offered("scouting"), "a second trip was offered without a bolt")
  choose("Caldera card Scouting critters")
  choose("Send a critter scouting (trips so far: 1)")
  choose("A's critter at (2,0)")
  choose("(4,0)")
  expect_eq(game.critter(0, 1).q, 4)
  expect(not offered("scouting"), "the bolt gave more than one trip")
end)

test("the tally is kept per player", function()
  scenario("turn A claim\nhold A Scouting_critters\nhold B Scouting_critters\n" .. ROW .. [[
    tile 0 -3 uno_medium
    tile 0 -2 uno_medium
    tile 0 -1 uno_light
    critter B 0 -3 medium
  ]])
  choose("Send a critter scouting (trips so far: 0)")
  choose("A's critter at (0,0)")
  choose("(2,0)")
  -- Play on to B's claim step: A stops claiming and passes what follows;
  -- B, with nothing to pay, cannot buy.
  for _ = 1, 40 do
    local d = decision()
    if d.player == 1 and d.kind == "claim" then break end
    local opts = options()
    if #opts == 0 then run() else choose(1) end
  end
  expect_eq(decision().player, 1, "B's claim step was not reached")
  expect(offered("Send a critter scouting (trips so far: 0)"), "B's tally is not its own")
end)

test("a scout held in place by a cell mark cannot set out", function()
  scenario("turn A claim\nhold A Scouting_critters\n" .. ROW .. "mark 0 0 frozen\n")
  expect(not offered("scouting"), "a critter on a frozen tile went scouting")
end)

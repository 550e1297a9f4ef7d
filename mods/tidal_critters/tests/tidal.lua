-- Tidal critters' rules, each in a position of its own, and the set-ups
-- docs/modding.md walks through: lava arriving, a question answered, a forced
-- sacrifice avoided.

-- A row of three dark Unos, every one by the sea; A's critter on the first.
local SHORE = [[
  turn A claim
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  tile 2 0 uno_dark
  critter A 0 0 dark
]]

-- A stack two high at (0,0), ringed by stacks as high but for one step down
-- to (1,0), where A's critter stands by the sea. With lava on (0,0), at the
-- lava step the lava has one way to go. (0,0) itself is not by the sea.
local RING = [[
  tile 0 0 uno_light
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  critter A 1 0 dark
]]
local BOTTOMS = { "uno_medium", "uno_light", "duo_medium_light", "duo_medium_light", "uno_medium" }
local TOPS = { "trio_dml", "trio_dml", "trio_dml", "trio_dlm", "trio_dlm" }
for i, p in ipairs{ { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } } do
  RING = RING .. ("tile %d %d %s\ntile %d %d %s\n"):format(p[1], p[2], BOTTOMS[i], p[1], p[2], TOPS[i])
end
local VALLEY = RING .. "lava 0 0\n"

local function texts()
  local t = {}
  for _, o in ipairs(options()) do t[#t + 1] = o.text end
  return table.concat(t, "; ")
end

test("lava arriving: game.add_lava hits the critters there, and its handlers run at once", function()
  scenario(SHORE .. "hold A Tidal critters")
  game.add_lava(0, 0)                   -- lava arrives now, as a flow would bring it
  expect_eq(game.critter(0, 1).place, "aside", "out of the lava's way while A chooses")
  expect_eq(decision().kind, "claim", "decision() still shows the step: the question waits for run()")
  run()                                 -- the engine goes on: the question is asked
  expect_eq(decision().prompt, "Lava reaches your critter at (0,0): where does it slip away to?")
  expect_eq(texts(), "Let the lava take it; Slip away to (1,0); Slip away to (2,0)")
end)

test("a question answered: the critter slips away where its owner says", function()
  scenario(SHORE .. "hold A Tidal critters")
  game.add_lava(0, 0)
  run()
  choose("Slip away to (2,0)")
  local c = game.critter(0, 1)
  expect(c.place == "board" and c.q == 2 and c.r == 0, "A's critter stands at (2,0)")
end)

test("declining the escape lets the lava take the critter to hand", function()
  scenario(SHORE .. "hold A Tidal critters")
  game.add_lava(0, 0)
  run()
  pass()
  expect_eq(game.critter(0, 1).place, "hand")
end)

test("a forced sacrifice avoided: from the lava step, run() ends the turn and the lava moves", function()
  -- From "turn A move", A would first pass the move, then reach the buy step,
  -- where a player who can afford no tile must sacrifice a critter from hand
  -- and skip claiming: the turn the test wants would not be the one it gets.
  -- "turn A lava" stands after collecting: run() moves the lava at once.
  scenario(VALLEY .. "turn A lava\nhold A Tidal critters")
  run()
  expect_eq(decision().prompt, "Lava reaches your critter at (1,0): where does it slip away to?")
  expect_eq(game.crater(0), 0, "no critter was sacrificed on the way")
  choose("Slip away to (0,-1)")
  local c = game.critter(0, 1)
  expect(c.place == "board" and c.q == 0 and c.r == -1)
end)

test("the trap that test avoids: passing the move step leads into the forced sacrifice", function()
  scenario(VALLEY .. "turn A move\nhold A Tidal critters")
  pass()                                -- no move: the buy step, with nothing A can afford
  expect_eq(game.crater(0), 1, "a critter went from A's hand to the crater")
  expect(decision().kind ~= "claim", "and the claim step was skipped")
end)

test("a critter of a player without the card is not asked: the lava takes it as usual", function()
  scenario(SHORE .. "hold B Tidal critters")
  game.add_lava(0, 0)
  run()
  expect(decision().kind ~= "script", "no question")
  expect_eq(game.critter(0, 1).place, "hand", "A could not pay to evacuate: lost to hand")
end)

test("a critter away from the sea is not asked", function()
  scenario(RING .. "turn A claim\ncritter A 0 0 dark\nhold A Tidal critters")
  game.add_lava(0, 0)                   -- (0,0) has land all round
  run()
  expect(decision().kind ~= "script", "no question")
  expect_eq(game.critter(0, 2).place, "hand")
end)

-- Agile critters: two critter movements in the move step, and a critter may
-- move onto an uncontrolled biome of a neighbouring tile. Caldera bolt: one
-- more move this turn, offered in the move step only.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

-- A dark Uno with A's critter, a light Uno next to it, a medium Uno two
-- steps away (next to the light one); B far off. B's turn ends, so A's turn
-- starts as play would start it.
local ROW = [[
  turn B lava
  tile 0 0 uno_dark
  tile 1 0 uno_light
  tile 2 0 uno_medium
  tile 6 0 uno_medium
  critter A 0 0 dark
  critter B 6 0 medium
]]

test("agile critters allow two moves of one critter in the move step", function()
  scenario(ROW .. "hold A Agile_critters")
  run()
  expect_eq(decision().kind, "move")
  choose("to the light area at (1,0)")
  expect_eq(decision().kind, "move", "a second move is offered")
  choose("to the medium area at (2,0)")
  expect_eq(game.critter(0, 1).q, 2)
  expect(decision().kind ~= "move", "a third move was offered")
end)

test("agile critters allow two critters one move each", function()
  scenario(ROW .. [[
    hold A Agile_critters
    tile 0 2 uno_dark
    tile 1 2 uno_light
    critter A 0 2 dark
  ]])
  run()
  choose("from the dark area at (0,0) to the light area at (1,0)")
  choose("from the dark area at (0,2) to the light area at (1,2)")
  expect_eq(game.critter(0, 1).q, 1)
  expect_eq(game.critter(0, 2).q, 1)
  expect_eq(game.critter(0, 2).r, 2)
end)

test("without agile critters the move step allows one move", function()
  scenario(ROW .. [[
    tile 0 2 duo_dark_light
    critter A 0 2 dark
  ]])
  run()
  choose("to the light area at (0,2)")
  expect(decision().kind ~= "move", "a second move was offered")
end)

test("an agile critter may move onto an uncontrolled biome of a neighbouring tile", function()
  scenario(ROW .. "hold A Agile_critters")
  run()
  choose("to the light area at (1,0)")
  local c = game.critter(0, 1)
  expect_eq(c.place, "board")
  expect_eq(c.biome, "light")
end)

test("without agile critters a neighbouring tile's biome is out of reach", function()
  scenario(ROW)
  run()
  expect(not offered("to the light area at (1,0)"), "a move to the next tile was offered")
end)

test("an agile critter reaches neighbouring tiles only, not two steps away", function()
  scenario(ROW .. "hold A Agile_critters")
  run()
  expect(offered("to the light area at (1,0)"), "the neighbouring tile was not offered")
  expect(not offered("(2,0)"), "a tile two steps away was offered")
end)

test("an agile critter may not move onto a neighbouring biome another player controls", function()
  scenario[[
    turn B lava
    hold A Agile_critters
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 2 0 uno_light
    critter A 0 0 dark
    critter B 2 0 light
  ]]
  run()
  expect(not offered("to the light area at (1,0)"), "B's light biome was offered")
end)

test("an agile critters bolt gives one more move in the move step", function()
  scenario[[
    turn B lava
    caldera A Agile_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  run()
  choose("Caldera card Agile critters")
  expect_eq(decision().kind, "move", "the move step goes on")
  expect(not offered("Caldera card Agile critters"), "the card played is still in hand")
  choose("to the dark area at (1,0)")
  expect_eq(decision().kind, "move", "the bolt's second move is offered")
  choose("to the dark area at (0,0)")
  expect(decision().kind ~= "move", "a third move was offered")
end)

test("an agile critters bolt is offered in the move step but not in the buy step", function()
  scenario(ROW .. [[
    caldera A Agile_critters
    resources A dark 3
  ]])
  run()
  expect_eq(decision().kind, "move")
  expect(offered("Caldera card Agile critters"), "not offered in the move step")
  pass()
  expect_eq(decision().kind, "buy")
  expect(not offered("Caldera card Agile critters"), "offered in the buy step")
end)

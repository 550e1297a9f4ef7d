-- Erosion: once per turn, before claiming, the top tile of an uninhabited
-- stack of two or more leaves the game.

test("erosion removes the top tile of an uninhabited stack", function()
  scenario[[
    turn A claim
    hold A Erosion
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 1 0 uno_light
    critter A 0 0 dark
  ]]
  choose("Erode the stack at (1,0)")
  expect_eq(game.stack(1, 0).height, 1)
  expect_eq(game.stack(1, 0).tile, "uno_dark")
end)

test("erosion is offered once per turn", function()
  scenario[[
    turn A claim
    hold A Erosion
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 1 0 uno_dark
  ]]
  choose("Erode the stack at (1,0)")
  for _, o in ipairs(options()) do expect(not o.text:find("Erode"), "a second erosion was offered") end
end)

test("erosion spares inhabited stacks", function()
  scenario[[
    turn A claim
    hold A Erosion
    tile 1 0 uno_dark
    tile 1 0 uno_light
    critter B 1 0 light
  ]]
  for _, o in ipairs(options()) do expect(not o.text:find("Erode"), "an inhabited stack was offered") end
end)

test("an erosion bolt gives one more erosion this turn", function()
  scenario[[
    turn A claim
    caldera A Erosion
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 2 0 uno_dark
    tile 2 0 uno_light
  ]]
  choose("Caldera card Erosion")
  choose("Erode the stack at (1,0)")
  for _, o in ipairs(options()) do expect(not o.text:find("Erode"), "the bolt gave two erosions") end
end)

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

test("erosion lets the tile beneath be claimed in the same claim step", function()
  scenario[[
    turn A claim
    hold A Erosion
    tile 0 0 uno_medium
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 medium
    critter B 6 0 medium
  ]]
  expect(not offered("put a critter on the dark area at (1,0)"), "the covered tile was claimable")
  choose("Erode the stack at (1,0)")
  expect_eq(decision().kind, "claim")
  choose("put a critter on the dark area at (1,0)")
  expect_eq(#game.critters_at(1, 0), 1)
end)

test("the eroded tile leaves the game, not for the supply", function()
  scenario[[
    turn A claim
    hold A Erosion
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 6 0 uno_medium
    critter B 6 0 medium
  ]]
  local land = game.supply().land
  choose("Erode the stack at (1,0)")
  expect_eq(game.supply().land, land)
end)

test("erosion spares single tiles, volcanoes and lava", function()
  scenario[[
    turn A claim
    hold A Erosion
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 1 0 volcano
    tile 2 0 uno_dark
    tile 2 0 uno_dark
    lava 2 0
    tile 3 0 uno_dark
    tile 3 0 uno_dark
    tile 6 0 uno_medium
    critter B 6 0 medium
  ]]
  local erodible = {}
  for _, o in ipairs(options()) do
    if o.text:find("Erode", 1, true) then erodible[#erodible + 1] = ("(%d,%d)"):format(o.q, o.r) end
  end
  expect_eq(table.concat(erodible, " "), "(3,0)")
end)

test("erosion is offered to the holder only", function()
  scenario[[
    turn A claim
    hold B Erosion
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 6 0 uno_medium
    critter B 6 0 medium
  ]]
  expect(not offered("Erode"), "offered to a player without the power")
end)

test("an erosion bolt gives the holder a second erosion this turn", function()
  scenario[[
    turn A claim
    hold A Erosion
    caldera A Erosion
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 2 0 uno_dark
    tile 2 0 uno_light
  ]]
  choose("Erode the stack at (1,0)")
  choose("Caldera card Erosion")
  choose("Erode the stack at (2,0)")
  expect_eq(game.stack(2, 0).height, 1)
end)

test("an erosion bolt is offered in the claim step but not in the sacrifice step", function()
  scenario[[
    turn A claim
    caldera A Erosion
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  expect(offered("Caldera card Erosion"), "not offered in the claim step")
  pass()
  expect_eq(decision().kind, "sacrifice")
  expect(not offered("Caldera card Erosion"), "offered in the sacrifice step")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("an erosion bolt is not offered when no stack can be eroded", function()
  scenario[[
    turn A claim
    caldera A Erosion
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 2 0 uno_dark
    tile 2 0 volcano
    critter A 0 0 dark
    critter B 1 0 light
  ]]
  expect(not offered("Caldera card Erosion"), "offered with nothing to erode")
end)

test("an erosion bolt is not offered while the holder's own erosion is all the board allows", function()
  scenario[[
    turn A claim
    hold A Erosion
    caldera A Erosion
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 6 0 uno_medium
    critter B 6 0 medium
  ]]
  expect(offered("Erode the stack at (1,0)"), "the holder's erosion was not offered")
  expect(not offered("Caldera card Erosion"), "offered for a second erosion with one stack of two")
end)

test("an erosion bolt is offered to the holder when a stack allows two erosions", function()
  scenario[[
    turn A claim
    hold A Erosion
    caldera A Erosion
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 1 0 uno_medium
    tile 6 0 uno_medium
    critter B 6 0 medium
  ]]
  expect(offered("Caldera card Erosion"), "not offered with a stack of three")
end)

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

-- Herding critters: a critter may move into a biome its owner controls on its
-- tile or a neighbouring one, forming a herd. In later move steps the herd
-- moves as one (one move) onto an uncontrolled biome touching a tile where
-- one of its critters stands or a tile next to one, if there is room for all
-- of it. A herd collects 2 for its biome, keeps all of its lead in contests,
-- and scores 1 point. A holder of Pack critters too keeps the pack's rules.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

-- A's critters on a dark Uno at (1,0) and a light Uno at (-1,0), with a
-- dark Uno at (0,0) between them joining (1,0)'s dark biome.
local JOINING = [[
  turn A move
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  tile -1 0 uno_light
  tile 6 0 uno_medium
  critter A 1 0 dark
  critter A -1 0 light
  critter B 6 0 medium
]]

test("a herding critter joins its owner's biome on a neighbouring tile, forming a herd", function()
  scenario(JOINING .. "hold A Herding_critters")
  choose("from the light area at (-1,0) to the dark area at (0,0)")
  expect(decision().kind ~= "keep", "asked to send a critter of the herd home")
  expect_eq(game.critters_on_land(0), 2, "the joining critter did not stay")
  local c = game.critter(0, 2)
  expect_eq(c.q, 0)
  expect_eq(c.biome, "dark")
end)

test("without herding critters a critter cannot join its owner's biome", function()
  scenario(JOINING)
  expect(not offered("from the light area at (-1,0) to the dark area at (0,0)"), "a join was offered without the power")
end)

-- A's herd on the dark biome of (0,0) and (1,0); a light biome of two Unos
-- at (0,1) and (1,1) touches both.
local HERD = [[
  turn A move
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  tile 0 1 uno_light
  tile 1 1 uno_light
  tile 6 0 uno_medium
  critter A 0 0 dark
  critter A 1 0 dark
  critter B 6 0 medium
]]

test("a herd moves as one onto an uncontrolled biome", function()
  scenario(HERD .. "hold A Herding_critters")
  choose("Move the herd of A's critter at (0,0) to the biome at (0,1)")
  for i = 1, 2 do
    local c = game.critter(0, i)
    expect_eq(c.place, "board")
    expect_eq(c.biome, "light", "a critter of the herd stayed behind")
  end
  expect(decision().kind ~= "keep", "the herd was broken up after its move")
  expect(decision().kind ~= "move", "the herd's move was not the step's one move")
end)

test("a herd does not move onto a controlled biome", function()
  scenario(HERD .. "hold A Herding_critters\ncritter B 1 1 light")
  expect(not offered("Move the herd"), "the herd may move onto B's biome")
end)

test("a herd moves only where there is room for all of it", function()
  local text = HERD:gsub("tile 1 1 uno_light\n", "")
  scenario(text .. "hold A Herding_critters")
  expect(not offered("Move the herd"), "the herd may move onto a one-area biome")
end)

test("a herd moves only onto biomes touching its tiles or the tiles next to them", function()
  local text = HERD:gsub("tile 0 1 uno_light\n  tile 1 1 uno_light\n",
                         "tile 3 0 uno_light\n  tile 4 0 uno_light\n")
  scenario(text .. "hold A Herding_critters")
  expect(not offered("Move the herd"), "the herd may move onto a far biome")
end)

test("a herd collects two resources for its biome", function()
  scenario[[
    turn A collect
    hold A Herding_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 3 0 uno_medium
    tile 6 0 uno_light
    critter A 0 0 dark
    critter A 1 0 dark
    critter A 3 0 medium
    critter B 6 0 light
  ]]
  run()
  expect_eq(game.resources(0).dark, 2, "the herd did not collect two")
  expect_eq(game.resources(0).medium, 1, "a lone critter did not collect one")
end)

-- A's herd of three on a dark biome (0,0)-(2,0); B's critter on a dark Uno
-- at (4,0); B's dark Uno placed at (3,0) joins the two.
local CONTEST = [[
  turn B place uno_dark
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  tile 2 0 uno_dark
  tile 3 0 uno_medium
  tile 4 0 uno_dark
  critter A 0 0 dark
  critter A 1 0 dark
  critter A 2 0 dark
  critter B 4 0 dark
]]

test("a herd keeps all of its lead in a contest", function()
  scenario(CONTEST .. "hold A Herding_critters")
  choose("at (3,0)")
  expect_eq(game.critters_on_land(1), 0, "B's critter survived")
  expect_eq(decision().kind, "keep")
  choose("send your critter on the dark area at (0,0)")
  expect(decision().kind ~= "keep", "asked to send a second critter home")
  expect_eq(game.critters_on_land(0), 2, "the herd kept less than its lead of two")
end)

test("without herding critters the winner of a contest keeps one critter", function()
  scenario(CONTEST)
  choose("at (3,0)")
  choose("send your critter on the dark area at (0,0)")
  expect_eq(decision().kind, "keep", "only one critter was sent home")
  choose("send your critter on the dark area at (1,0)")
  expect_eq(game.critters_on_land(0), 1)
end)

test("a holder of pack critters too moves and collects by the pack's rules", function()
  scenario(HERD .. "hold A Herding_critters\nhold A Pack_critters\ncritter B 1 1 light")
  expect(not offered("Move the herd"), "a herd move was offered to a pack")
  expect(offered("Move the pack"), "the pack's move was not offered")
  scenario[[
    turn A collect
    hold A Herding_critters
    hold A Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_dark
    tile 6 0 uno_light
    critter A 0 0 dark
    critter A 1 0 dark
    critter A 2 0 dark
    critter B 6 0 light
  ]]
  run()
  expect_eq(game.resources(0).dark, 3, "the pack of three did not collect three")
end)

-- Where a Caldera bolt could be played in the holder's turn.
local STEPS = { "move", "buy", "target", "claim", "sacrifice" }

test("a Caldera Herding critters card has no bolt to play", function()
  for _, step in ipairs(STEPS) do
    scenario(([[
      turn A %s
      caldera A Herding_critters
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

-- Magma siphon: when another player sets off a volcano, the holder gains one
-- resource, of the biome it stands on, for each of their critters on a tile
-- next to it (the supply permitting). No Caldera bolt.

local function total(p)
  local r = game.resources(p)
  return r.dark + r.medium + r.light
end

-- A volcano for (0,0) (height 2); next to it (1,0) light and (-1,0) medium,
-- both of height 2 so the lava leaves for the ocean; (0,1) a Trio of height 2;
-- (3,0) two steps further east, light.
local BOARD = [[
  tile 0 0 uno_dark
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  tile 1 0 uno_light
  tile -1 0 uno_dark
  tile -1 0 uno_medium
  tile 0 1 uno_medium
  tile 0 1 trio_dml
  tile 2 0 uno_medium
  tile 3 0 uno_light
]]

test("magma siphon gains a resource of its biome for each critter next to another player's volcano", function()
  scenario([[
    turn A target
    hold B Magma_siphon
  ]] .. BOARD .. [[
    critter B 1 0 light
    critter B -1 0 medium
    critter B 0 1 medium
    critter B 0 1 light
    critter B 3 0 light
  ]])
  choose("unleash the volcano on the stack at (0,0)")
  local r = game.resources(1)
  expect_eq(r.light, 2, "light: (1,0) and the Trio's light area")
  expect_eq(r.medium, 2, "medium: (-1,0) and the Trio's medium area")
  expect_eq(r.dark, 0)
end)

test("magma siphon gives nothing for a critter two steps from the volcano", function()
  scenario([[
    turn A target
    hold B Magma_siphon
  ]] .. BOARD .. [[
    critter B 3 0 light
  ]])
  choose("unleash the volcano on the stack at (0,0)")
  expect_eq(total(1), 0)
end)

test("magma siphon gives nothing for the holder's own volcano", function()
  scenario([[
    turn A target
    hold A Magma_siphon
  ]] .. BOARD .. [[
    critter A 1 0 light
    critter A -1 0 medium
  ]])
  choose("unleash the volcano on the stack at (0,0)")
  expect_eq(total(0), 0)
end)

test("magma siphon gives nothing for a critter on the volcano's own tile", function()
  scenario([[
    turn A target
    hold B Magma_siphon
  ]] .. BOARD .. [[
    critter B 0 0 dark
  ]])
  choose("unleash the volcano on the stack at (0,0)")
  expect_eq(game.critter(1, 1).place, "hand", "wiped out by the eruption")
  expect_eq(total(1), 0)
end)

test("magma siphon takes only what the supply has left", function()
  scenario([[
    players 4
    turn A target
    hold B Magma_siphon
    resources A light 7
    resources C light 7
    resources D light 6
  ]] .. BOARD .. [[
    critter B 1 0 light
    critter B -1 0 medium
  ]])
  choose("unleash the volcano on the stack at (0,0)")
  local r = game.resources(1)
  expect_eq(r.light, 0, "the supply has no light left")
  expect_eq(r.medium, 1)
end)

test("magma siphon gives nothing to a player without the power", function()
  scenario([[
    turn A target
  ]] .. BOARD .. [[
    critter B 1 0 light
  ]])
  choose("unleash the volcano on the stack at (0,0)")
  expect_eq(total(1), 0)
end)

-- Issue 9: a volcano on the board's edge made the siphon look past it.
test("magma siphon at a volcano on the board's edge counts only the neighbours on the board", function()
  scenario[[
    turn A target
    hold B Magma_siphon
    tile 19 0 uno_dark
    tile 19 0 uno_dark
    tile 18 0 uno_dark
    tile 18 0 uno_light
    critter B 18 0 light
  ]]
  choose("unleash the volcano on the stack at (19,0)")
  expect_eq(game.resources(1).light, 1)
end)

test("magma siphon has no Caldera bolt to play", function()
  scenario[[
    turn A target
    caldera A Magma_siphon
    tile 0 0 uno_dark
    tile 1 0 uno_light
  ]]
  for _, o in ipairs(options()) do
    expect(not o.text:find("Magma siphon"), "offered: " .. o.text)
  end
end)

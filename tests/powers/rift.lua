-- Rift: once in the main game, and again in the holder's final turn, as the
-- buy step begins, an island splits along a straight line crossing it and the
-- chosen part moves one space straight away from the line into open ocean.
-- Ties in the contests that follow go to the rifter, unless a Cooperative,
-- Pack or Herding holder is among the players there. Caldera bolt: one rift
-- this turn, in the buy step.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function can_pass()
  for _, o in ipairs(options()) do
    if o.verb == "pass" then return true end
  end
  return false
end

local function rift_asked()
  local d = decision()
  return d.kind == "script" and d.prompt:find("rift", 1, true) ~= nil
end

local function count_choices()
  local n = 0
  for _, o in ipairs(options()) do
    if o.verb == "choose" then n = n + 1 end
  end
  return n
end

-- Plays on, passing wherever passing is allowed and taking the first option
-- elsewhere, until `stop()` holds (checked before every step).
local function play_until(stop, limit)
  for _ = 1, limit or 80 do
    if stop() then return true end
    if can_pass() then pass() else choose(1) end
  end
  return stop()
end

local function land(q, r) return game.stack(q, r).height > 0 end

test("a rift splits an island and moves the cut part, stacks, critters and lava, one space into the ocean", function()
  scenario[[
    turn A move
    hold A Rift
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_medium
    tile 2 0 uno_light
    critter B 1 0 dark
    lava 2 0
    resources A dark 1 medium 1 light 1
  ]]
  pass()
  expect(rift_asked(), "the rift is offered as the buy step begins")
  choose("Split off 2 tiles, the first landing at (2,0)")
  expect_eq(decision().kind, "buy", "the turn goes on to the buy step")
  expect(land(0, 0), "the part left stays")
  expect(not land(1, 0), "one space of ocean between the parts")
  expect_eq(game.stack(2, 0).tile, "uno_dark")
  expect_eq(game.stack(3, 0).height, 2, "the stack moved whole")
  expect_eq(game.stack(3, 0).tile, "uno_light")
  expect(game.stack(3, 0).lava, "the lava moved with its stack")
  local b = game.critter(1, 1)
  expect_eq(b.place, "board")
  expect_eq(b.q, 2)
  expect_eq(b.r, 0)
  expect_eq(#game.land(), 3)
end)

test("a rift line never runs along an island's outside edge: an island of two splits six ways", function()
  scenario[[
    turn A move
    hold A Rift
    tile 0 0 uno_dark
    tile 1 0 uno_dark
  ]]
  pass()
  expect(rift_asked())
  expect_eq(count_choices(), 6, "three lines, each part moving away on either side")
  for _, o in ipairs(options()) do
    if o.verb == "choose" then
      expect(o.text:find("Split off 1 tile", 1, true), o.text)
      expect(not land(o.q, o.r), "a part lands on land: " .. o.text)
      expect_eq(game.distance(o.q, o.r, 0, 0) + game.distance(o.q, o.r, 1, 0), 3,
        "the part moves one space straight away from the line: " .. o.text)
    end
  end
end)

test("a single tile cannot be rifted, so only the island of two is offered", function()
  scenario[[
    turn A move
    hold A Rift
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 5 0 uno_dark
  ]]
  pass()
  expect(rift_asked(), "asked straight where, the one island that can split")
  expect_eq(count_choices(), 6)
end)

test("a player without the power is not offered a rift", function()
  scenario[[
    turn A move
    tile 0 0 uno_dark
    tile 1 0 uno_dark
  ]]
  pass()
  expect(not rift_asked())
end)

-- A holds IslandSplit; a row of three light Unos; A's critter alone on (5,0); the
-- supply holds one last land tile, which B can afford.
local LAST_TILE = [[
  turn A move
  hold A Rift
  supply uno_dark 0
  supply uno_medium 0
  supply uno_light 1
  supply duo_dark_medium 0
  supply duo_dark_light 0
  supply duo_medium_light 0
  supply trio_dml 0
  supply trio_dlm 0
  tile 0 0 uno_light
  tile 1 0 uno_light
  tile 2 0 uno_light
  tile 5 0 uno_dark
  critter A 5 0 dark
  resources B light 4
]]

test("a rift is used once in the main game", function()
  scenario(LAST_TILE:gsub("resources B light 4", ""))
  pass()
  choose("Split off 1 tile, the first landing at (3,0)")
  local first = game.turn()
  local again = play_until(function() return rift_asked() or game.turn() > first + 6 end)
  expect(not rift_asked(), "a second rift in the main game, turn " .. game.turn())
  expect(again)
end)

test("a rift kept for later is offered again in the holder's next turn", function()
  scenario(LAST_TILE:gsub("resources B light 4", ""))
  pass()
  pass()   -- keep the rift
  expect_eq(game.turn(), 1)
  expect(play_until(function() return rift_asked() or game.turn() > 3 end))
  expect(rift_asked(), "the rift was lost by keeping it")
  expect_eq(game.turn(), 3)
  expect(game.phase() ~= "move", "offered in the move step, before the buy step began")
end)

test("a rift is offered a second time in the holder's final turn", function()
  scenario(LAST_TILE)
  pass()
  choose("Split off 1 tile, the first landing at (3,0)")   -- the main game's rift
  play_until(function() return game.active() == 1 end)
  choose("buy a light Uno paying 4 light")                  -- the last land tile: B triggers the end
  expect_eq(game.end_triggered(), "supply")
  play_until(function() return rift_asked() or game.active() == 0 end)
  play_until(function() return rift_asked() or game.mode() ~= "final" end, 10)
  expect_eq(game.mode(), "final")
  expect(rift_asked(), "no rift in A's final turn")
  choose(2)   -- the first rift offered
  play_until(function() return rift_asked() or decision().kind == "game_over" end)
  expect(not rift_asked(), "a third rift")
end)

test("a rift is offered in a final turn but not in a finale turn", function()
  for _, mode in ipairs{ "final", "finale" } do
    scenario(([[
      turn A move
      mode %s
      hold A Rift
      tile 0 0 uno_dark
      tile 1 0 uno_dark
      tile 4 0 uno_dark
      tile 4 0 uno_dark
      lava 4 0
    ]]):format(mode))
    run()
    expect_eq(rift_asked(), mode == "final", mode)
  end
end)

-- A's critter on a dark Uno at (1,0) joined to a medium one at (0,0); B's
-- critter on a dark Uno at (3,0): rifting (1,0) east joins the two dark biomes.
local function rift_into_contest(extra)
  scenario([[
    turn A move
    hold A Rift
    tile 0 0 uno_medium
    tile 1 0 uno_dark
    tile 3 0 uno_dark
  ]] .. extra)
  pass()
  if offered("The island of") then choose("The island of 2 tiles at (0,0)") end
  choose("Split off 1 tile, the first landing at (2,0)")
end

test("a tie in a contest after a rift goes to the rifter", function()
  rift_into_contest("critter A 1 0 dark\ncritter B 3 0 dark")
  local a = game.critter(0, 1)
  expect_eq(a.place, "board")
  expect_eq(a.q, 2)
  expect_eq(game.critter(1, 1).place, "hand")
end)

test("a contest after a rift still goes to the player with more critters", function()
  rift_into_contest("tile 4 0 uno_dark\ncritter A 1 0 dark\ncritter B 3 0 dark\ncritter B 4 0 dark")
  expect_eq(game.critter(0, 1).place, "hand")
  if decision().kind == "keep" then choose(1) end
  local n = 0
  for _, c in ipairs(game.critters(1)) do if c.place == "board" then n = n + 1 end end
  expect_eq(n, 1)
end)

test("a tie after a rift between two players who did not rift removes both", function()
  rift_into_contest("players 3\ncritter B 1 0 dark\ncritter C 3 0 dark")
  expect(game.critter(1, 1).place ~= "board", "B kept the biome")
  expect(game.critter(2, 1).place ~= "board", "C kept the biome")
end)

test("the rifter's advantage yields to a Pack critters holder in the contest", function()
  rift_into_contest("hold B Pack_critters\ncritter A 1 0 dark\ncritter B 3 0 dark")
  expect(game.critter(0, 1).place ~= "board", "a plain tie: both lose")
  expect(game.critter(1, 1).place ~= "board", "B kept the biome")
end)

test("a rift bolt gives a player without the power one rift in the buy step", function()
  scenario[[
    turn A move
    caldera A Rift
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
    resources A dark 1 medium 1 light 1
  ]]
  expect(not offered("Caldera card Rift"), "the bolt was offered in the move step")
  pass()
  expect_eq(decision().kind, "buy")
  choose("Caldera card Rift")
  expect(rift_asked())
  choose("Split off 1 tile, the first landing at (2,0)")
  expect(land(2, 0) and not land(1, 0), "the rift was made")
  expect_eq(decision().kind, "buy", "back to the buy step")
end)

test("a rift bolt gives the holder a second rift in the same turn", function()
  scenario[[
    turn A move
    hold A Rift
    caldera A Rift
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_dark
    resources A dark 1 medium 1 light 1
  ]]
  pass()
  choose("Split off 1 tile, the first landing at (3,0)")   -- the power's own rift
  expect(not rift_asked())
  choose("Caldera card Rift")
  expect(rift_asked(), "the bolt's rift")
  choose("Split off 1 tile, the first landing at (-1,0)")
  expect_eq(#game.islands(), 3)
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a rift bolt is not offered when no island can be split", function()
  scenario[[
    turn A buy
    caldera A Rift
    tile 0 0 uno_dark
    tile 4 0 uno_light
    critter A 0 0 dark
    resources A dark 1 medium 1 light 1
  ]]
  expect(not offered("Caldera card Rift"), "offered with only islands of one tile")
end)

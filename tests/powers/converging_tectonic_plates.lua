-- Converging tectonic plates: as the holder's buy step begins, once in the
-- main game and once more in their final turn, a whole island shifts 1 or 2
-- spaces in one of six directions, stopping as soon as it touches land. Ties
-- in the contests that follow go to the mover, unless a Cooperative, Pack or
-- Herding holder is among them; a tie between others removes both. Caldera
-- bolt: one shift this turn, in the buy step.

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

local function play_on()
  if can_pass() then pass() else choose(1) end
end

-- Plays on, passing where possible and else taking the first option, until
-- player p faces a decision of `kind`.
local function play_until(p, kind)
  for _ = 1, 80 do
    local d = decision()
    if d.player == p and d.kind == kind then return end
    play_on()
  end
  error(("player %d never reached a %s decision"):format(p, kind))
end

-- Plays on until A's next turn reaches its buy step (where a shift would be
-- offered first).
local function next_buy_step_of_a()
  local turn = game.turn()
  for _ = 1, 80 do
    if game.active() == 0 and game.turn() > turn then break end
    play_on()
  end
  if decision().kind == "move" then pass() end
end

local function asked() return decision().kind == "script" and decision().player == 0 end

-- A's island of two at (0,0) (a light Uno on a dark one, A's critter on it)
-- and (1,0) (a medium Uno with lava); B's island far west.
local ISLANDS = [[
  turn A move
  tile 0 0 uno_dark
  tile 0 0 uno_light
  tile 1 0 uno_medium
  tile -6 0 uno_dark
  critter A 0 0 light
  critter B -6 0 dark
  lava 1 0
]]

test("converging plates shift a whole island two spaces with its stacks, critters and lava", function()
  scenario(ISLANDS .. "hold A Converging_tectonic_plates")
  pass()
  expect(asked(), "no shift offered as the buy step begins")
  choose("The island of 2 tiles at (0,0)")
  choose("Shift it 2 spaces, its first tile landing at (0,2)")
  expect_eq(game.stack(0, 0).height, 0)
  expect_eq(game.stack(1, 0).height, 0)
  local s = game.stack(0, 2)
  expect_eq(s.height, 2)
  expect_eq(s.tile, "uno_light")
  expect(game.stack(1, 2).lava, "the lava stayed behind")
  local c = game.critter(0, 1)
  expect_eq(c.place, "board")
  expect_eq(c.q, 0)
  expect_eq(c.r, 2)
  expect_eq(game.stack(-6, 0).height, 1, "the other island moved")
end)

test("converging plates are not offered without the power", function()
  scenario(ISLANDS)
  pass()
  expect(not asked(), "a shift was offered")
end)

test("converging plates stop as soon as the island touches another", function()
  scenario[[
    turn A move
    hold A Converging_tectonic_plates
    tile 0 0 uno_dark
    tile 2 0 uno_light
    critter A 0 0 dark
  ]]
  pass()
  choose("The island of 1 tiles at (0,0)")
  expect(offered("Shift it 1 space, its first tile landing at (1,0)"), "the shift east is missing")
  expect(not offered("landing at (2,0)"), "the island may shift past the point of touching")
  expect(offered("Shift it 2 spaces, its first tile landing at (-2,0)"), "the shift west is missing")
  choose("landing at (1,0)")
  expect_eq(game.stack(1, 0).tile, "uno_dark")
  expect_eq(#game.islands(), 1, "the islands did not join")
end)

test("converging plates never move land off the board", function()
  scenario[[
    turn A move
    hold A Converging_tectonic_plates
    tile 19 0 uno_dark
    critter A 19 0 dark
  ]]
  pass()
  expect(asked())
  local shifts = 0
  for _, o in ipairs(options()) do
    if o.verb == "choose" then
      shifts = shifts + 1
      expect(o.q <= 19, "a shift off the board's east edge: " .. o.text)
    end
  end
  expect_eq(shifts, 8, "east and north-east are off the board; the other four directions give 8 shifts")
end)

test("converging plates with one island ask straight where it shifts", function()
  scenario[[
    turn A move
    hold A Converging_tectonic_plates
    tile 0 0 uno_dark
    critter A 0 0 dark
  ]]
  pass()
  expect(asked())
  expect(offered("Shift it 1 space, its first tile landing at (1,0)"), "asked which island first")
end)

test("converging plates are used once in the main game", function()
  scenario(ISLANDS .. "hold A Converging_tectonic_plates")
  pass()
  choose("The island of 2 tiles at (0,0)")
  choose("landing at (0,2)")
  next_buy_step_of_a()
  expect_eq(game.mode(), "normal")
  expect(not asked(), "a second shift in the main game")
end)

test("converging plates passed keep the use for a later turn", function()
  scenario(ISLANDS .. "hold A Converging_tectonic_plates")
  pass()
  expect(asked())
  pass()
  expect(not asked(), "asked again in the same buy step")
  next_buy_step_of_a()
  expect(asked(), "the use was lost by passing")
end)

-- A's island at (0,0); B's two dark Unos at (-6,0) and (-5,0), B with the
-- resources for the supply's last land tile, whose purchase ends the game.
local LAST_TILE = [[
  turn A move
  hold A Converging_tectonic_plates
  supply uno_medium 0
  supply uno_light 0
  supply duo_dark_medium 0
  supply duo_dark_light 0
  supply duo_medium_light 0
  supply trio_dml 0
  supply trio_dlm 0
  supply uno_dark 1
  tile 0 0 uno_dark
  tile -6 0 uno_dark
  tile -5 0 uno_dark
  critter A 0 0 dark
  critter B -6 0 dark
  resources B dark 3
]]

test("converging plates shift once more in the holder's final turn", function()
  scenario(LAST_TILE)
  pass()
  choose("The island of 1 tiles at (0,0)")
  choose("landing at (1,0)")           -- the main game's use
  play_until(0, "script")              -- B takes the last tile: A's final turn
  expect_eq(game.mode(), "final")
  expect_eq(game.end_triggered(), "supply")
  choose("The island of 1 tiles at (1,0)")
  choose("Shift it 2 spaces, its first tile landing at (3,0)")
  expect_eq(game.stack(3, 0).tile, "uno_dark")
end)

test("converging plates shift in a final turn even when the main game's use was kept", function()
  scenario(LAST_TILE:gsub("turn A move", "turn A move\n  mode final"))
  pass()
  expect(asked(), "no shift in the final turn")
  choose("The island of 1 tiles at (0,0)")
  choose("landing at (1,0)")
  expect_eq(game.stack(1, 0).tile, "uno_dark")
end)

test("converging plates never shift in finale turns", function()
  scenario[[
    turn B lava
    mode finale
    hold A Converging_tectonic_plates
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 0 0 uno_dark
    tile 3 0 uno_light
    lava 0 0
    critter A 3 0 light
  ]]
  run()
  expect_eq(game.mode(), "finale")
  for _ = 1, 10 do
    if game.active() ~= 0 or decision().kind == "game_over" then break end
    expect(not asked(), "a shift was offered in a finale turn")
    if can_pass() then pass() else choose(1) end
  end
end)

-- A's island at (0,0) with A's critter; B's dark island at (3,0)-(4,0) with
-- `b` of B's critters; A shifts two spaces east, joining the dark biomes.
local function converge(b, extra)
  local text = [[
    turn A move
    hold A Converging_tectonic_plates
    tile 0 0 uno_dark
    tile 3 0 uno_dark
    tile 4 0 uno_dark
    critter A 0 0 dark
    critter B 3 0 dark
  ]] .. (b == 2 and "critter B 4 0 dark\n" or "") .. (extra or "")
  scenario(text)
  pass()
  choose("The island of 1 tiles at (0,0)")
  choose("landing at (2,0)")
end

test("converging plates' tied contest goes to the player who converged", function()
  converge(1)
  local a = game.critter(0, 1)
  expect_eq(a.place, "board")
  expect_eq(a.q, 2)
  expect_eq(game.critter(1, 1).place, "hand")
end)

test("after converging plates the contest goes to the most critters", function()
  converge(2)
  expect_eq(game.critter(0, 1).place, "hand")
  if decision().kind == "keep" and decision().player == 1 then choose(1) end
  expect_eq(game.critters_on_land(1), 1)
end)

for _, power in ipairs{ "Cooperative_critters", "Pack_critters", "Herding_critters" } do
  test("converging plates' advantage yields to a holder of " .. power:gsub("_", " "), function()
    converge(1, "hold B " .. power)
    expect(game.critter(0, 1).place ~= "board", "the mover won the tie")
    expect(game.critter(1, 1).place ~= "board", "B's critter stayed")
  end)
end

test("converging plates' tie between players who did not converge removes both", function()
  scenario[[
    players 3
    turn A move
    hold A Converging_tectonic_plates
    tile 0 0 uno_dark
    tile 3 0 uno_dark
    critter B 0 0 dark
    critter C 3 0 dark
  ]]
  pass()
  choose("The island of 1 tiles at (0,0)")
  choose("landing at (2,0)")
  expect(game.critter(1, 1).place ~= "board", "B's critter stayed")
  expect(game.critter(2, 1).place ~= "board", "C's critter stayed")
end)

-- A (without the power) can buy a tile next to A's dark Unos at (0,0)-(1,0).
local BOLT = [[
  turn A move
  caldera A Converging_tectonic_plates
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  tile -6 0 uno_light
  critter A 0 0 dark
  critter B -6 0 light
  resources A dark 3
]]

test("a converging plates bolt gives one shift in the buy step", function()
  scenario(BOLT)
  expect(not offered("Caldera card Converging tectonic plates"), "offered in the move step")
  pass()
  expect_eq(decision().kind, "buy")
  choose("Caldera card Converging tectonic plates")
  expect(asked(), "the bolt offered no shift")
  choose("The island of 2 tiles at (0,0)")
  choose("Shift it 1 space, its first tile landing at (0,1)")
  expect_eq(game.stack(0, 1).tile, "uno_dark")
  expect_eq(decision().kind, "buy", "the buy step did not go on")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
-- A cell mark on an island's tile keeps that island where it is.
test("a converging plates bolt is not offered when no island can shift", function()
  scenario(BOLT .. "mark 0 0 frozen\nmark -6 0 frozen")
  pass()
  expect_eq(decision().kind, "buy")
  expect(not offered("Caldera card Converging tectonic plates"), "offered with every island held in place")
end)

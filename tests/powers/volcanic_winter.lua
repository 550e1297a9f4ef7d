-- Volcanic winter: its unlocker picks the tile the winter starts from (while
-- no other end sequence runs), and the end is triggered. Nothing is built on
-- a frozen position, no critter is placed, moved, migrated or evacuated onto
-- or off it, or sacrificed from it, and critters on it collect nothing; lava
-- still flows across it. At the end of every turn every position next to a
-- frozen one freezes, land or ocean; unlocking the power again adds a spawn
-- point. Once all land is frozen, finale turns run until no lava is left.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function count(verb)
  local n = 0
  for _, o in ipairs(options()) do
    if o.verb == verb then n = n + 1 end
  end
  return n
end

local function can_pass() return count("pass") > 0 end

local function frozen(q, r) return game.stack(q, r).marks.frozen == true end

local function asked_where()
  local d = decision()
  return d.kind == "script" and d.prompt:find("volcanic winter begin", 1, true) ~= nil
end

local function play_until(stop, limit)
  for _ = 1, limit or 80 do
    if stop() then return end
    if can_pass() then pass() else choose(1) end
  end
  expect(stop(), "never got there")
end

-- Seed 15 deals Volcanic winter to the Power Grid's top slot, next to slot 6
-- (Magma siphon), which A holds. A's volcano goes on (0,0), ringed by land so
-- no lava leaves it; a row of Unos runs east to (5,0). A has a critter at
-- (-1,0), B one at (0,1), so each has a move to make while they thaw.
local WINTER = [[
  seed 15
  turn A target
  grid A 6
  tile 0 0 uno_dark
  tile 1 0 uno_light
  tile 2 0 uno_medium
  tile 3 0 uno_light
  tile 4 0 uno_medium
  tile 5 0 uno_light
  tile 0 1 trio_dml
  tile -1 1 trio_dml
  tile -1 0 trio_dml
  tile 0 -1 trio_dml
  tile 1 -1 trio_dml
  critter A -1 0 dark
  critter B 0 1 light
]]

local function unlock_winter(extra)
  scenario(WINTER .. (extra or ""))
  choose("unleash the volcano on the stack at (0,0)")
  choose("unlock Volcanic winter")
end

test("the volcanic winter starts on the land tile its unlocker chooses, and ends the game", function()
  unlock_winter()
  expect(asked_where(), "the unlocker is asked where")
  expect_eq(decision().player, 0)
  expect_eq(count("choose"), #game.land(), "any land tile")
  expect_eq(count("pass"), 0, "a choice must be made")
  choose("The tile at (5,0)")
  expect(frozen(5, 0))
  expect(not frozen(4, 0))
  expect_eq(#game.marked_cells("frozen"), 1)
  expect_eq(game.end_triggered(), "winter")
  expect_eq(game.trigger_player(), 0)
end)

test("game.mark_border lists each unmarked position next to the frozen ones once", function()
  unlock_winter()
  choose("The tile at (5,0)")
  play_until(function() return game.active() == 1 and decision().kind == "move" end)
  local want, seen = {}, {}
  for _, f in ipairs(game.marked_cells("frozen")) do
    for _, n in ipairs(game.neighbours(f.q, f.r)) do
      if not game.cell_marked(n.q, n.r, "frozen") then want[n.q .. "," .. n.r] = true end
    end
  end
  local border, expected = game.mark_border("frozen"), 0
  for _ in pairs(want) do expected = expected + 1 end
  expect_eq(#border, expected, "the ring round the seven frozen positions")
  for _, b in ipairs(border) do
    local key = b.q .. "," .. b.r
    expect(want[key] and not seen[key], "not next to the mark, or listed twice: " .. key)
    seen[key] = true
  end
end)

test("the volcanic winter spreads one ring at the end of each turn, across land and ocean", function()
  unlock_winter()
  choose("The tile at (5,0)")
  play_until(function() return game.active() == 1 and decision().kind == "move" end)
  expect(frozen(4, 0) and frozen(6, 0), "the first ring, land and ocean")
  expect(frozen(5, 1) and frozen(6, -1))
  expect(not frozen(3, 0) and not frozen(7, 0), "two rings after one turn")
  expect_eq(#game.marked_cells("frozen"), 7)
  pass()
  play_until(function() return game.active() == 0 and decision().kind == "move" end)
  expect(frozen(3, 0) and frozen(7, 0), "the second ring")
  expect(not frozen(2, 0))
end)

test("the volcanic winter ends the game once all land is frozen", function()
  unlock_winter()
  choose("The tile at (5,0)")
  play_until(function() return decision().kind == "game_over" end, 200)
  expect_eq(game.end_triggered(), "winter")
  for _, at in ipairs(game.land()) do expect(frozen(at.q, at.r), "thawed land at the end") end
  -- (-1,1) is six steps from (5,0): six rings, one a turn, so six turns.
  expect_eq(game.turn(), 7)
  expect(frozen(11, 0) and not frozen(12, 0), "six rings, no more")
end)

test("once all land is frozen, finale turns run until the lava is gone", function()
  -- The winter starts on A's new volcano, ringed by stacks of two: one ring
  -- freezes all land at the end of turn 1, while the volcano's lava is still
  -- on its way to the ocean (on a ring stack, then in the ocean).
  scenario[[
    seed 15
    turn A target
    grid A 6
    tile 0 0 uno_dark
    tile 0 0 uno_dark
    tile 0 0 uno_dark
    tile 1 0 uno_medium
    tile 1 0 trio_dml
    tile 0 1 uno_light
    tile 0 1 trio_dlm
    tile -1 1 uno_medium
    tile -1 1 trio_dml
    tile -1 0 uno_light
    tile -1 0 trio_dlm
    tile 0 -1 uno_medium
    tile 0 -1 trio_dml
    tile 1 -1 uno_light
    tile 1 -1 trio_dlm
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  choose("unlock Volcanic winter")
  choose("The tile at (0,0)")
  expect_eq(game.lava_count(), 1)
  play_until(function() return decision().kind == "game_over" end)
  expect_eq(game.lava_count(), 0)
  expect_eq(game.mode(), "finale", "turn 2 was a finale turn")
  expect_eq(game.turn(), 3, "the game ended as turn 3 began, the lava gone")
end)

test("unlocking the volcanic winter again makes a second spawn point", function()
  unlock_winter("grid B 6\nresources B dark 6")
  choose("The tile at (5,0)")
  play_until(function() return game.active() == 1 and offered("buy a volcano paying 6 dark") end)
  choose("buy a volcano paying 6 dark")
  choose("unleash the volcano on the stack at (0,-1)")
  choose("unlock Volcanic winter")
  expect(asked_where(), "B is asked where the second spawn point is")
  expect(not offered("The tile at (5,0)"), "a frozen tile was offered")
  choose("The tile at (-1,1)")
  expect(frozen(-1, 1))
  expect_eq(game.trigger_player(), 0, "the first unlocker's end")
  play_until(function() return game.active() == 0 end)
  expect(frozen(-1, 0) and frozen(0, 1), "the second point spreads")
  expect(frozen(3, 0), "and so does the first")
end)

test("no volcanic winter begins while another end sequence runs", function()
  scenario[[
    seed 15
    turn B buy
    grid A 6
    supply uno_dark 0
    supply uno_medium 0
    supply uno_light 1
    supply duo_dark_medium 0
    supply duo_dark_light 0
    supply duo_medium_light 0
    supply trio_dml 0
    supply trio_dlm 0
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 0 1 uno_light
    tile -1 1 uno_light
    tile -1 0 trio_dml
    tile 0 -1 trio_dml
    resources B light 4
    resources A dark 6
  ]]
  choose("buy a light Uno paying 4 light")
  expect_eq(game.end_triggered(), "supply")
  play_until(function() return offered("buy a volcano paying 6 dark") end)
  choose("buy a volcano paying 6 dark")
  choose("unleash the volcano on the stack at (0,0)")
  choose("unlock Volcanic winter")
  expect(not asked_where(), "a winter in the final round")
  expect_eq(#game.marked_cells("frozen"), 0)
end)

test("no tile is placed and no volcano set off on a frozen tile", function()
  scenario[[
    turn A place uno_light
    tile 0 0 uno_light
    tile 1 0 uno_light
    mark 0 0 frozen
  ]]
  expect(not offered("at (0,0)"), "a tile on a frozen stack")
  expect(offered("place the light Uno at (1,0)"))
  scenario[[
    turn A target
    tile 0 0 uno_light
    tile 1 0 uno_light
    mark 0 0 frozen
  ]]
  expect(not offered("on the stack at (0,0)"), "a volcano on a frozen stack")
  expect(offered("on the stack at (1,0)"))
end)

test("no critter is placed on a frozen tile", function()
  scenario[[
    turn A claim
    tile 0 0 uno_light
    tile 3 0 uno_dark
    mark 0 0 frozen
  ]]
  expect(not offered("at (0,0)"), "a claim on a frozen tile")
  expect(offered("put a critter on the dark area at (3,0)"))
end)

test("no critter moves onto or off a frozen tile", function()
  local board = [[
    turn A move
    tile 1 0 uno_light
    tile 2 0 uno_light
    tile 3 0 uno_light
    critter A 1 0 light
  ]]
  scenario(board .. "mark 3 0 frozen")
  expect(not offered("to the light area at (3,0)"), "onto a frozen tile")
  expect(offered("to the light area at (2,0)"))
  scenario(board .. "mark 1 0 frozen")
  expect_eq(count("move"), 0, "off a frozen tile")
end)

test("a covered critter does not migrate onto a frozen tile", function()
  scenario[[
    turn A place uno_light
    tile -1 0 uno_light
    tile 0 0 uno_light
    tile 1 0 uno_light
    critter B 0 0 light
    mark 1 0 frozen
  ]]
  choose("place the light Uno at (0,0)")
  expect_eq(decision().player, 1, "B's critter migrates")
  expect(offered("(-1,0)"))
  expect(not offered("(1,0)"), "onto a frozen tile")
end)

test("no critter on a frozen tile is sacrificed", function()
  scenario[[
    turn A sacrifice
    tile 0 0 uno_light
    tile 3 0 uno_dark
    critter A 0 0 light
    critter A 3 0 dark
    mark 0 0 frozen
  ]]
  expect(not offered("at (0,0)"), "a frozen critter sacrificed")
  expect(offered("sacrifice your critter on the dark area at (3,0)"))
end)

test("critters on a frozen tile collect nothing", function()
  scenario[[
    turn A collect
    tile 0 0 uno_light
    tile 3 0 uno_dark
    critter A 0 0 light
    critter A 3 0 dark
    mark 0 0 frozen
  ]]
  run()
  local r = game.resources(0)
  expect_eq(r.dark, 1)
  expect_eq(r.light, 0)
end)

test("lava still flows across frozen positions", function()
  scenario[[
    turn A lava
    tile 0 0 uno_dark
    tile 0 0 uno_dark
    lava 0 0
    mark 0 0 frozen
    mark 1 0 frozen
    mark 0 1 frozen
    mark -1 1 frozen
    mark -1 0 frozen
    mark 0 -1 frozen
    mark 1 -1 frozen
  ]]
  run()   -- the lava moves into the (frozen) ocean, and later turns to soil there
  expect(not game.stack(0, 0).lava, "the lava stayed on the frozen stack")
  local reached = 0
  for _, n in ipairs(game.neighbours(0, 0)) do
    local s = game.stack(n.q, n.r)
    if s.lava or s.height > 0 then reached = reached + 1 end
  end
  expect_eq(reached, 1, "the lava reached one frozen neighbour")
end)

test("an island is summoned only outside the frozen area", function()
  scenario[[
    turn A buy
    tile 0 0 uno_light
    crater A 3
    resources A dark 7
    mark 2 0 frozen
  ]]
  choose("summon an island paying 7 dark")
  expect_eq(decision().kind, "island")
  expect(not offered("at (2,0)"), "an island tile on a frozen position")
  expect(offered("place the dark Uno at (0,2)"), "elsewhere, still")
end)

test("volcanic winter has no Caldera bolt to play", function()
  scenario[[
    turn A target
    caldera A Volcanic_winter
    tile 0 0 uno_dark
    tile 1 0 uno_dark
  ]]
  expect(not offered("Volcanic winter"), "a bolt was offered")
end)

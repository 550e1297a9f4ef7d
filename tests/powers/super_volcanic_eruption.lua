-- Super volcanic eruption: the holder's next volcano, while no other end
-- sequence runs, may be the super volcano. It stands double-stacked, sends no
-- lava and triggers the end; every other player gets one turn to escape. The
-- trigger's last turn allows one critter move and nothing else; at its end
-- every critter on and around it returns to hand, supply volcanoes ring it,
-- each vent takes a lava token, and the trigger may place a final critter two
-- steps from it. Finale turns follow until no lava is left. No Caldera bolt.

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

local function asked(words)
  local d = decision()
  return d.kind == "script" and d.prompt:find(words, 1, true) ~= nil
end

-- Plays on (passing where allowed, else the first option) until stop() holds.
local function play_until(stop, limit)
  for _ = 1, limit or 60 do
    if stop() then return end
    if can_pass() then pass() else choose(1) end
  end
  expect(stop(), "never got there: " .. decision().kind .. " of " .. decision().player)
end

-- A dark stack of two at (0,0) about to take A's volcano; light tiles on five
-- of its six neighbours (west is ocean) joined to two more light tiles east;
-- a medium tile north-west with another beyond it; a tall stack two steps
-- south-east, out of the lava's way. B has critters east (1,0) and south-west
-- (-1,1); A one north-west (0,-1).
local BOARD = [[
  turn A target
  hold A Super_volcanic_eruption
  tile 0 0 uno_dark
  tile 0 0 uno_dark
  tile 1 0 uno_light
  tile 0 1 uno_light
  tile -1 1 uno_dark
  tile 0 -1 uno_medium
  tile 1 -1 uno_light
  tile 2 0 uno_light
  tile 3 0 uno_light
  tile 0 -2 uno_medium
  tile 0 2 trio_dml
  tile 0 2 trio_dml
  tile 0 2 uno_medium
  critter B 1 0 light
  critter B -1 1 dark
  critter A 0 -1 medium
]]

local function super_position(extra) scenario(BOARD .. (extra or "")) end

local function mark_super()
  choose("unleash the volcano on the stack at (0,0)")
  expect(asked("super volcano"), "the holder is asked")
  choose("Make it the super volcano")
end

-- Marks the super volcano, plays A's turn out, lets B's east critter escape
-- to (3,0) in B's turn, and stops at A's last turn's move step.
local function at_last_turn(extra)
  super_position(extra)
  mark_super()
  play_until(function() return game.active() == 1 end)
  choose("move your critter from the light area at (1,0) to the light area at (3,0)")
  play_until(function() return game.active() == 0 end)
  expect_eq(decision().kind, "move", "A's last turn begins with its move")
end

test("the super volcano stands double-stacked, sends no lava yet and triggers the end", function()
  super_position()
  local volcanoes = game.supply().volcanoes
  mark_super()
  local s = game.stack(0, 0)
  expect_eq(s.top, "volcano")
  expect_eq(s.height, 4, "two tiles and two volcanoes")
  expect_eq(game.supply().volcanoes, volcanoes - 1, "the second came from the supply")
  expect_eq(game.lava_count(), 0, "no lava yet")
  expect_eq(game.end_triggered(), "super_volcano")
  expect_eq(game.trigger_player(), 0)
  expect_eq(game.critter(1, 1).place, "board", "nobody around it is hit yet")
  expect_eq(game.critter(1, 2).place, "board")
end)

test("the super volcano stands single when no Volcano is left for its second tile", function()
  super_position("tile 9 0 uno_medium\n" .. ("tile 9 0 volcano\n"):rep(7))   -- one left to buy
  mark_super()
  expect_eq(game.stack(0, 0).height, 3)
  expect_eq(game.stack(0, 0).top, "volcano")
  expect_eq(game.lava_count(), 0)
end)

test("a super volcano declined erupts as an ordinary volcano", function()
  super_position()
  choose("unleash the volcano on the stack at (0,0)")
  pass()
  expect_eq(game.stack(0, 0).height, 3)
  expect_eq(game.end_triggered(), nil)
  choose(1)   -- the power unlocked; then the lava leaves for the ocean west
  expect_eq(game.lava_count(), 1)
end)

test("the super volcano is not offered while another end sequence runs", function()
  scenario[[
    turn B buy
    hold A Super_volcanic_eruption
    supply uno_dark 0
    supply uno_medium 0
    supply uno_light 1
    supply duo_dark_medium 0
    supply duo_dark_light 0
    supply duo_medium_light 0
    supply trio_dml 0
    supply trio_dlm 0
    tile 0 0 uno_dark
    tile 0 0 uno_dark
    tile 1 0 uno_light
    resources B light 4
    resources A dark 6
  ]]
  choose("buy a light Uno paying 4 light")   -- the last land tile: the end begins
  expect_eq(game.end_triggered(), "supply")
  play_until(function() return offered("buy a volcano paying 6 dark") end)
  choose("buy a volcano paying 6 dark")
  choose("unleash the volcano on the stack at (0,0)")
  expect(not asked("super volcano"), "a super volcano in the final round")
end)

test("every other player gets one ordinary turn to escape the super volcano", function()
  super_position()
  mark_super()
  play_until(function() return game.active() == 1 end)
  expect_eq(game.mode(), "normal")
  expect_eq(decision().kind, "move")
  choose("move your critter from the light area at (1,0) to the light area at (3,0)")
  play_until(function() return game.active() == 0 end)
  expect_eq(game.critter(1, 1).q, 3, "B escaped")
  expect_eq(game.stack(1, 0).top, "uno", "no blast before A's last turn")
end)

test("the trigger's last turn allows one move and no buying, claiming or sacrifice", function()
  at_last_turn("resources A dark 6")
  expect(offered("move your critter from the medium area at (0,-1) to the medium area at (0,-2)"))
  choose("move your critter from the medium area at (0,-1) to the medium area at (0,-2)")
  -- Straight on to the blast: the final critter's question, nothing between.
  expect(asked("final critter"), "after the move came " .. decision().kind .. ": " .. decision().prompt)
  expect_eq(game.resources(0).dark, 6, "nothing was bought")
  expect_eq(game.crater(0), 0, "nothing was sacrificed")
end)

test("the trigger's last turn allows the moves Agile critters gives", function()
  at_last_turn("hold A Agile_critters")
  choose("move your critter from the medium area at (0,-1) to the medium area at (0,-2)")
  expect_eq(decision().kind, "move", "a second move")
  pass()
  expect(asked("final critter"))
end)

test("the super volcano's blast wipes out the critters around it and rings it with volcanoes", function()
  at_last_turn()
  local supply = game.supply().volcanoes
  pass()   -- A's critter at (0,-1) stays
  expect(asked("final critter"))
  expect_eq(game.critter(0, 1).place, "hand", "A's own critter next to it")
  expect_eq(game.critter(1, 2).place, "hand", "B's critter that stayed")
  expect_eq(game.critter(1, 1).place, "board", "B's critter that escaped")
  for _, n in ipairs{ { 1, 0 }, { 0, 1 }, { -1, 1 }, { 0, -1 }, { 1, -1 } } do
    expect_eq(game.stack(n[1], n[2]).top, "volcano", ("a ring volcano at (%d,%d)"):format(n[1], n[2]))
  end
  expect_eq(game.stack(-1, 0).height, 0, "no volcano in the ocean")
  expect_eq(game.supply().volcanoes, supply - 5)
  expect_eq(game.lava_count(), 6, "the super volcano and each ring volcano")
end)

test("the super volcano's ring takes supply volcanoes clockwise from east as far as they go", function()
  -- Four volcanoes elsewhere leave four: A's bought one, the second tile, and
  -- two for the ring.
  at_last_turn("tile 9 0 uno_medium\n" .. ("tile 9 0 volcano\n"):rep(4))
  pass()
  expect_eq(game.supply().volcanoes, 0)
  expect_eq(game.stack(1, 0).top, "volcano", "east first")
  expect_eq(game.stack(0, 1).top, "volcano", "then south-east")
  expect(game.stack(-1, 1).top ~= "volcano", "the supply ran out")
  expect(game.stack(1, -1).top ~= "volcano")
end)

test("the trigger may place a final critter on an uninhabited, uncontrolled tile two steps from the super volcano",
  function()
  at_last_turn("tile -3 0 uno_dark")
  pass()
  expect(asked("final critter"))
  expect_eq(decision().player, 0)
  expect(not offered("at (-3,0)"), "a tile three steps away was offered")
  expect(offered("Onto the medium area at (0,2)") and offered("Onto the medium area at (0,-2)"))
  expect(not offered("at (2,0)"), "B's biome at (2,0) was offered")
  local hand = game.hand(0)
  choose("Onto the medium area at (0,2)")
  expect_eq(game.hand(0), hand - 1)
  expect_eq(game.critters_at(0, 2)[1].player, 0)
end)

test("after the super volcano finale turns run until the lava is gone, then the game ends", function()
  at_last_turn()
  pass()
  pass()   -- no final critter
  local finale = 0
  play_until(function()
    if decision().kind ~= "game_over" then
      expect_eq(game.mode(), "finale")
      finale = finale + 1
    end
    return decision().kind == "game_over"
  end)
  expect(finale > 0, "no finale turn")
  expect_eq(game.end_triggered(), "super_volcano")
  expect_eq(game.lava_count(), 0)
end)

test("a super volcano carried away by a shifted island erupts where the land took it", function()
  super_position("hold B Converging_tectonic_plates")
  mark_super()
  play_until(function() return game.active() == 1 end)
  choose("move your critter from the light area at (1,0) to the light area at (3,0)")
  expect(asked("shift"), "B is offered the shift")
  choose("Shift it 1 space, its first tile landing at (-1,-2)")   -- west: its first tile in board order is (0,-2)
  expect_eq(game.stack(-1, 0).top, "volcano", "the super volcano moved west")
  expect_eq(game.stack(-1, 0).height, 4)
  play_until(function() return game.active() == 0 end)
  pass()
  expect(asked("final critter"))
  expect_eq(game.stack(0, 0).top, "volcano", "the ring round the new place: east of it")
  expect_eq(game.stack(-1, 1).top, "volcano", "and south-east of it")
  expect_eq(game.stack(1, 0).top, "uno", "nothing round the old place's east")
end)

test("super volcanic eruption has no Caldera bolt to play", function()
  scenario[[
    turn A target
    caldera A Super_volcanic_eruption
    tile 0 0 uno_dark
    tile 1 0 uno_dark
  ]]
  expect(not offered("Super volcanic eruption"), "a bolt was offered")
end)

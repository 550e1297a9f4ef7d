-- The end-game sequence of scripts/endgame/final_round.lua, for the last land
-- tile leaving the supply and for a hand running empty: the triggering turn
-- finishes as usual; every other player then has one final turn (move, buy a
-- volcano or points, claim, one sacrifice, no collection); finale turns
-- (claims only) follow until no lava is left; then the game is scored.

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

local function total(p)
  local r = game.resources(p)
  return r.dark + r.medium + r.light
end

local function play_until(stop, limit)
  for _ = 1, limit or 60 do
    if stop() then return end
    if can_pass() then pass() else choose(1) end
  end
  expect(stop(), "never got there: " .. decision().kind)
end

-- The supply holds one last land tile (a light Uno) for A to buy. At (0,0) a
-- stack of two whose one lower neighbour is (1,0): a volcano there sends its
-- lava onto land first. A's critter on (5,0), B's on (0,1).
local LAST_TILE = [[
  tile 0 0 uno_dark
  tile 0 0 uno_dark
  tile 1 0 uno_light
  tile 0 1 uno_medium
  tile 0 1 trio_dml
  tile -1 1 uno_light
  tile -1 1 trio_dml
  tile -1 0 uno_medium
  tile -1 0 trio_dml
  tile 0 -1 uno_light
  tile 0 -1 trio_dml
  tile 1 -1 uno_medium
  tile 1 -1 trio_dml
  tile 5 0 uno_light
  critter A 5 0 light
  critter B 0 1 dark
  resources A light 4
  supply uno_dark 0
  supply uno_medium 0
  supply uno_light 1
  supply duo_dark_medium 0
  supply duo_dark_light 0
  supply duo_medium_light 0
  supply trio_dml 0
  supply trio_dlm 0
]]

-- A buys and places the last land tile.
local function last_tile(head, tail)
  scenario(head .. "\n" .. LAST_TILE .. (tail or ""))
  choose("buy a light Uno paying 4 light")
  choose("place the light Uno at (0,-1)")
end

test("the last land tile leaving the supply triggers the end; that turn finishes as usual", function()
  last_tile("turn A buy")
  expect_eq(game.end_triggered(), "supply")
  expect_eq(game.mode(), "normal")
  expect_eq(decision().kind, "claim", "the turn goes on")
  play_until(function() return game.active() == 1 end)
  expect_eq(game.resources(0).light, 1, "A collected at the end of the triggering turn")
end)

test("after the trigger every other player has one final turn, then the game ends when no lava is left", function()
  last_tile("players 3\nturn A buy", "critter C 1 0 light")
  play_until(function() return game.active() == 1 end)
  expect_eq(game.mode(), "final", "B's final turn")
  play_until(function() return game.active() == 2 end)
  expect_eq(game.mode(), "final", "C's final turn")
  play_until(function() return game.active() ~= 2 end)
  expect_eq(decision().kind, "game_over", "A has no final turn, and no lava means no finale")
  expect_eq(game.turn(), 4)
end)

test("a final turn collects nothing", function()
  last_tile("turn A buy")
  play_until(function() return game.active() == 1 end)
  expect_eq(total(1), 0)
  play_until(function() return decision().kind == "game_over" end)
  expect_eq(total(1), 0, "B collected in its final turn")
end)

test("finale turns allow only claims and run until the lava has gone", function()
  last_tile("turn A buy\nresources B dark 6")
  play_until(function() return game.active() == 1 and decision().kind == "buy" end)
  choose("buy a volcano paying 6 dark")
  choose("unleash the volcano on the stack at (0,0)")
  choose(1)   -- the power unlocked; the lava runs onto (1,0)
  expect(game.stack(1, 0).lava, "the lava is on land")
  play_until(function() return game.active() == 0 end)
  expect_eq(game.mode(), "finale")
  expect_eq(game.lava_count(), 1, "the lava went on into the ocean")
  expect_eq(decision().kind, "claim", "a finale turn begins with the claim")
  for _, o in ipairs(options()) do
    expect(o.verb == "pass" or o.verb == "critter", "not a claim: " .. o.text)
  end
  pass()
  expect_eq(decision().kind, "game_over", "the lava turned to soil: the game is over")
  expect_eq(game.lava_count(), 0)
  expect_eq(game.turn(), 4)
end)

test("a final turn may buy a volcano or points, but no tile, island or Caldera card", function()
  scenario[[
    turn A buy
    mode final
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    crater A 3
    resources A dark 5 medium 1 light 1
  ]]
  expect(offered("buy a volcano"), "no volcano")
  expect(offered("point"), "no points")
  expect(not offered("Caldera"), "a Caldera card")
  expect(not offered("island"), "an island")
  expect(not offered("Uno") and not offered("Duo") and not offered("Trio"), "a land tile")
end)

test("a final turn allows one sacrifice", function()
  scenario[[
    turn A sacrifice
    mode final
    tile 0 0 uno_dark
    tile 3 0 uno_light
    critter A 0 0 dark
    critter A 3 0 light
    resources A dark 5
  ]]
  choose("sacrifice your critter on the dark area at (0,0)")
  expect(decision().kind ~= "sacrifice" or game.active() ~= 0, "a second sacrifice was offered")
  expect_eq(game.crater(0), 1)
end)

test("a hand running empty at the end of a turn triggers the end", function()
  -- A's 21 critters: 3 in the crater, 17 at sea, 1 in hand, claimed this turn.
  scenario[[
    turn A claim
    tile 0 0 uno_dark
    tile 3 0 uno_light
    crater A 3
    critter B 3 0 light
  ]]
  local n = 0
  for _, c in ipairs(game.critters(0)) do
    if c.place == "hand" and n < 17 then
      n = n + 1
      game.set_aside(0, c.index, -10 + n, 10)
    end
  end
  expect_eq(game.hand(0), 1)
  choose("put a critter on the dark area at (0,0)")
  expect_eq(game.hand(0), 0)
  if game.active() == 0 then expect_eq(game.end_triggered(), nil, "not before the turn ends") end
  play_until(function() return game.active() == 1 end)
  expect_eq(game.end_triggered(), "hand_empty")
  expect_eq(game.mode(), "final")
end)

test("finale turns offer no power's action: only critters placed on unclaimed tiles", function()
  -- "The only thing that can be done during these finale turns is to place
  -- critters on unclaimed tiles": no Colossal upgrade, no erosion, no sea
  -- critter, no burrowing, though A holds all four and could use each.
  scenario[[
    turn A claim
    mode finale
    hold A Erosion
    hold A Colossal_critter
    hold A Sea_critters
    hold A Burrowing_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 1 0 uno_light
    tile 3 0 uno_medium
    critter A 0 0 dark
    resources A dark 4
    lava 5 0
  ]]
  expect(offered("put a critter on the light area at (1,0)"), "the claim was not offered")
  expect(not offered("Colossal"), "a Colossal upgrade was offered")
  expect(not offered("Erode"), "an erosion was offered")
  expect(not offered("into the ocean"), "a sea action was offered")
  pass()
  expect(not offered("urrow"), "a burrow was offered")
end)

-- Crafty critters: up to three tiles may be bought in a turn if the first two
-- bought this turn were played on volcanic soil (the base rule allows a second
-- after a first on soil). Caldera bolt: one more tile this turn, offered in
-- the buy step only.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function place_at(q, r)
  for _, o in ipairs(options()) do
    if o.verb == "tile" and o.q == q and o.r == r then return choose(o.index) end
  end
  error(("no placement offered at (%d,%d)"):format(q, r))
end

local function can_buy() return decision().kind == "buy" and offered("buy a ") end

-- A has bought a dark Uno; soil lies at (1,0), (-1,0) and (0,1) around A's
-- dark Uno at (0,0), and also (3,0) a plain dark Uno.
local function buying(extra)
  return [[
    turn A place uno_dark
    tile 0 0 uno_dark
    tile 1 0 soil
    tile -1 0 soil
    tile 0 1 soil
    tile 0 -1 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 6
  ]] .. (extra or "")
end

test("crafty critters allow a third tile after the first two went onto soil", function()
  scenario(buying("hold A Crafty_critters"))
  place_at(1, 0)
  expect(can_buy(), "no second tile after the first went onto soil")
  choose("buy a dark-medium-light Trio")
  place_at(-1, 0)
  expect(can_buy(), "no third tile after two went onto soil")
end)

test("without crafty critters two tiles on soil allow no third", function()
  scenario(buying())
  place_at(1, 0)
  expect(can_buy(), "the base rule's second tile is missing")
  choose("buy a dark-medium-light Trio")
  place_at(-1, 0)
  expect(not can_buy(), "a third tile without the power")
end)

test("crafty critters allow no third tile when the second did not go onto soil", function()
  scenario(buying("hold A Crafty_critters"))
  place_at(1, 0)
  choose("buy a dark-medium-light Trio")
  place_at(0, -1)
  expect(not can_buy(), "a third tile after only one on soil")
end)

test("crafty critters allow three tiles, not four", function()
  scenario(buying("hold A Crafty_critters"))
  place_at(1, 0)
  choose("buy a dark-medium-light Trio")
  place_at(-1, 0)
  choose("buy a dark-medium-light Trio")
  place_at(0, 1)
  expect(not can_buy(), "a fourth tile was offered")
end)

test("a crafty bolt allows one more tile in the buy step", function()
  scenario[[
    turn A buy
    caldera A Crafty_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 4
  ]]
  choose("Caldera card Crafty critters")
  choose("buy a dark-medium-light Trio")
  place_at(1, 0)
  expect(can_buy(), "no second tile after the bolt")
  choose("buy a dark-medium-light Trio")
  place_at(1, 0)
  expect(not can_buy(), "the bolt gave two more tiles")
end)

test("without a crafty bolt a tile on plain land ends the buying", function()
  scenario[[
    turn A buy
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 4
  ]]
  choose("buy a dark-medium-light Trio")
  place_at(1, 0)
  expect(not can_buy(), "a second tile without soil or bolt")
end)

test("a crafty bolt is offered in the buy step but not in the move step", function()
  scenario[[
    turn A move
    caldera A Crafty_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 4
  ]]
  expect_eq(decision().kind, "move")
  expect(not offered("Caldera card Crafty critters"), "offered in the move step")
  pass()
  expect_eq(decision().kind, "buy")
  expect(offered("Caldera card Crafty critters"), "not offered in the buy step")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
-- From the move step, so that the buy step begins as in play.
local function to_buy(resources)
  scenario(([[
    turn A move
    caldera A Crafty_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A %s
  ]]):format(resources))
  pass()
  expect_eq(decision().kind, "buy")
end

test("a crafty bolt is not offered when the player cannot pay for a tile beyond the one the turn allows", function()
  to_buy("dark 3")
  expect(offered("buy a dark-medium-light Trio"), "the turn's own tile is not offered")
  expect(not offered("Caldera card Crafty critters"), "offered with 3 resources for two tiles")
end)

test("a crafty bolt is not offered after the turn's tile when no other can be paid for", function()
  to_buy("dark 3")
  choose("buy a dark-medium-light Trio")
  place_at(1, 0)
  expect(not offered("Caldera card Crafty critters"), "offered with 1 resource left")
end)

test("a crafty bolt is offered after the turn's tile when another can be paid for", function()
  to_buy("dark 4")
  choose("buy a dark-medium-light Trio")
  place_at(1, 0)
  expect_eq(decision().kind, "buy")
  expect(offered("Caldera card Crafty critters"), "not offered with 2 resources left")
end)

test("a crafty bolt counts a volcano bought this turn among the turn's purchases", function()
  to_buy("dark 7")
  choose("buy a volcano paying 5 dark")
  for _ = 1, 10 do   -- the target, the power unlocked, anything the eruption asks
    if decision().kind == "buy" then break end
    choose(1)
  end
  expect_eq(decision().kind, "buy")
  expect_eq(game.resources(0).dark, 2)
  expect(offered("Caldera card Crafty critters"), "not offered for a tile after the volcano")
end)

test("another Caldera card's bolt gives no crafty tile", function()
  scenario[[
    turn A buy
    caldera A Crafty_critters
    caldera A Rift
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    resources A dark 4
  ]]
  choose("Caldera card Rift")   -- Crafty critters is in play (A holds a copy): its handler hears every bolt
  if decision().kind == "script" then pass() end   -- keep the rift for later
  choose("buy a dark-medium-light Trio")
  place_at(1, 0)
  expect(not can_buy(), "the Rift bolt gave a crafty tile")
end)

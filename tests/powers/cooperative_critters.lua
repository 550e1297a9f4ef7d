-- Cooperative critters: in the move step a critter may move onto an area of
-- its own tile whose biome another player controls. The critters there of a
-- player without the power are wiped out (a Colossal one parries and the
-- mover goes home); holders share the biome and never contest each other.
-- Claims are unchanged. Caldera bolt: one such move this turn, in the move step.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

-- A's critter on the dark area of a dark/light Duo at (0,0) whose light
-- edges face west, onto B's light Uno at (-1,0) where B's critter stands.
local function moving(extra)
  return [[
    turn A move
    tile 0 0 duo_dark_light
    tile -1 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B -1 0 light
  ]] .. (extra or "")
end

local COOP_MOVE = "onto another player's biome"

test("a cooperative critter moves onto another player's biome of its tile, wiping out a non-cooperator", function()
  scenario(moving("hold A Cooperative_critters"))
  choose(COOP_MOVE)
  local a = game.critter(0, 1)
  expect_eq(a.place, "board")
  expect_eq(a.biome, "light")
  expect_eq(a.q, 0)
  expect_eq(game.critter(1, 1).place, "hand", "B's critter was not wiped out")
end)

test("without cooperative critters no move onto another player's biome is offered", function()
  scenario(moving())
  expect(not offered(COOP_MOVE), "offered without the power")
  expect(not offered("to the light area at (0,0)"), "a base move onto B's biome was offered")
end)

test("cooperative critters of two holders share the biome", function()
  scenario(moving("hold A Cooperative_critters\nhold B Cooperative_critters"))
  choose(COOP_MOVE)
  expect_eq(game.critter(0, 1).biome, "light")
  expect_eq(game.critter(1, 1).place, "board", "a cooperating critter was wiped out")
end)

test("a cooperative move goes onto the critter's own tile only", function()
  scenario(moving("hold A Cooperative_critters") .. "\ntile -1 1 uno_light")
  local found = 0
  for _, o in ipairs(options()) do
    if o.text:find(COOP_MOVE, 1, true) then
      found = found + 1
      expect(o.q == 0 and o.r == 0, "a move to another tile was offered: " .. o.text)
    end
  end
  expect_eq(found, 1)
end)

test("a cooperative move is the move step's one move", function()
  scenario(moving("hold A Cooperative_critters") .. "\ntile 1 0 uno_dark")
  choose(COOP_MOVE)
  expect(decision().kind ~= "move", "another move followed")
end)

-- Two players' critters already share the light biome of (0,0) and (-1,0);
-- B places a medium Uno far away, which resolves the contests on the board.
local function sharing(extra)
  return [[
    turn B place uno_medium
    tile 0 0 duo_dark_light
    tile -1 0 uno_light
    tile 6 0 uno_medium
    tile 7 0 uno_medium
    critter A 0 0 light
    critter B -1 0 light
  ]] .. extra
end

test("cooperative critters sharing a biome never contest each other", function()
  scenario(sharing("hold A Cooperative_critters\nhold B Cooperative_critters"))
  choose("at (7,0)")
  expect_eq(game.critter(0, 1).place, "board", "A's sharing critter was contested")
  expect_eq(game.critter(1, 1).place, "board", "B's sharing critter was contested")
end)

test("a biome shared with a player without cooperative critters is contested as usual", function()
  scenario(sharing("hold A Cooperative_critters"))
  choose("at (7,0)")
  expect_eq(game.critter(0, 1).place, "hand")
  expect_eq(game.critter(1, 1).place, "hand")
end)

test("a cooperative move onto a Colossal critter costs it a hit point and sends the mover home", function()
  scenario(moving("hold A Cooperative_critters\nhold B Colossal_critter\nmark -1 0 1 colossal\n" ..
                  "resources A dark 2"))   -- A buys next: no forced sacrifice from hand
  choose(COOP_MOVE)
  local b = game.critter(1, 1)
  expect_eq(b.place, "board", "the Colossal critter was wiped out")
  expect(not b.marks.colossal, "the Colossal critter kept its second hit point")
  expect_eq(game.critter(0, 1).place, "hand", "the mover did not go home")
end)

test("a cooperative move onto a cooperating Colossal critter shares without harm", function()
  scenario(moving("hold A Cooperative_critters\nhold B Cooperative_critters\nhold B Colossal_critter\n" ..
                  "mark -1 0 1 colossal"))
  choose(COOP_MOVE)
  expect(game.critter(1, 1).marks.colossal, "the cooperating Colossal critter lost a hit point")
  expect_eq(game.critter(0, 1).biome, "light")
end)

test("cooperative critters do not allow claiming a populated tile", function()
  scenario[[
    turn A claim
    hold A Cooperative_critters
    tile 0 0 duo_dark_light
    tile 3 0 uno_medium
    tile 6 0 uno_medium
    critter B 0 0 light
    critter B 6 0 medium
  ]]
  expect(offered("(3,0)"), "the position has no claim at all")
  expect(not offered("(0,0)"), "a populated tile may be claimed")
end)

test("a cooperative bolt gives one such move in the move step", function()
  scenario(moving("caldera A Cooperative_critters"))
  expect(not offered(COOP_MOVE), "offered before the bolt")
  choose("Caldera card Cooperative critters")
  choose(COOP_MOVE)
  expect_eq(game.critter(0, 1).biome, "light")
  expect_eq(game.critter(1, 1).place, "hand")
end)

test("a cooperative bolt move onto a holder's biome shares it, then and at later contests", function()
  scenario(moving("caldera A Cooperative_critters\nhold B Cooperative_critters\ntile 1 0 uno_dark\n" ..
                  "resources A dark 2"))
  choose("Caldera card Cooperative critters")
  choose(COOP_MOVE)
  expect_eq(game.critter(0, 1).place, "board", "the mover was sent home")
  expect_eq(game.critter(0, 1).biome, "light")
  expect_eq(game.critter(1, 1).place, "board", "the holder's critter was sent home")
  -- A's tile placement resolves contests again: the sharers stay.
  choose("buy a dark-medium-light Trio")
  choose("place the dark-medium-light Trio at (1,0): light E-SE")
  expect_eq(game.critter(0, 1).place, "board", "the mover was contested later")
  expect_eq(game.critter(1, 1).place, "board", "the holder's critter was contested later")
end)

test("a cooperative bolt is offered in the move step but not in the buy step", function()
  scenario(moving("caldera A Cooperative_critters\nresources A dark 3"))
  expect(offered("Caldera card Cooperative critters"), "not offered in the move step")
  pass()
  expect_eq(decision().kind, "buy")
  expect(not offered("Caldera card Cooperative critters"), "offered in the buy step")
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a cooperative bolt is not offered when no critter could move onto another player's biome", function()
  scenario[[
    turn A move
    caldera A Cooperative_critters
    tile 0 0 duo_dark_light
    tile -1 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  expect(not offered("Caldera card Cooperative critters"), "offered with no biome of another player's on the tile")
end)

test("a cooperative bolt is not offered to a holder, whose critters move so already", function()
  scenario(moving("hold A Cooperative_critters\ncaldera A Cooperative_critters"))
  expect(offered(COOP_MOVE), "the holder's move was not offered")
  expect(not offered("Caldera card Cooperative critters"), "offered to a holder")
end)

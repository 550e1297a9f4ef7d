-- Volcanic migration
-- Critters on a tile an opponent targets with a volcano may migrate to their
-- biome elsewhere, for 3 resources each.

local game, ipairs = game, ipairs

local NAME = "Volcanic migration"
local COST = 3
local places = require("places")

card {
  name = NAME,
  levels = { 3, 4 },
  stars = 3,
  text = "Your critters on a tile an opponent targets with a volcano may migrate to their connected biome for 3 resources each.",
  ruling = "After an opponent picks a volcano's target, each of the holder's critters there may migrate to a free area of its biome on another tile: the owner picks the area, and the critter moves at once, before any other question about the target (such as Sleight of land's turn of the tile); then how to pay the 3 resources (each distinct payment is offered; a single way to pay is taken without asking). Or it stays and is wiped out. A Colossal critter migrating keeps both hit points.",
}

local function total(have) return have.dark + have.medium + have.light end

-- Resources owed for migrations already made: the critter moves as soon as
-- its owner picks the area (so a later question, such as Sleight of land's
-- turn of the tile, cannot catch it on its way), and the payments are asked
-- one at a time afterwards.
local S = game.state{ owed = game.per_player(0) }

local PAY

-- Settles the player's next owed migration: at once when there is one way to
-- pay, else by asking how.
local function settle(player)
  while S.owed[player] >= COST do
    local pays = game.payments(player, { any = COST })
    if #pays > 1 then
      local choices = {}
      for i = 1, #pays do choices[i] = { value = i } end
      return PAY:ask(player, choices)
    end
    S.owed[player] = S.owed[player] - COST
    if pays[1] then game.pay(player, pays[1]) end
  end
end

PAY = game.question{
  name = "volcanic_migration_payment",
  prompt = "Pay for the migration how?",
  label = function(choice, q)
    local p = game.payments(q.player, { any = COST })[choice.value]
    return p and ("Pay " .. places.payment(p)) or "Pay"
  end,
  answer = function(ev)
    local pays = game.payments(ev.player, { any = COST })
    local p = pays[ev.value] or pays[1]
    S.owed[ev.player] = math.max(0, S.owed[ev.player] - COST)
    if p then game.pay(ev.player, p) end
    settle(ev.player)
  end,
}

-- Whether (q, r, area) is still a free, open area.
local function still_free(q, r, area)
  for _, a in ipairs(game.biome_areas(q, r, area)) do
    if a.q == q and a.r == r and a.area == area then return a.free and not a.closed end
  end
  return false
end

local WHERE = game.question{
  name = "volcanic_migration_where",
  prompt = function(q)
    local at = q.context.at
    return ("A volcano targets your critter at %s: migrate it for %d resources?"):format(
      at and places.at(at) or "its tile", COST)
  end,
  label = function(choice) return ("To %s"):format(places.area(choice, choice.value)) end,
  pass = "Stay",
  context = { critter = 0, at = game.place() },
  answer = function(ev)
    if ev.passed then return end
    local c = game.critter(ev.player, ev.context.critter)
    local spare = total(game.resources(ev.player)) - S.owed[ev.player]
    if c.place ~= "board" or spare < COST or not still_free(ev.q, ev.r, ev.value) then return end
    game.move_critter(ev.player, c.index, ev.q, ev.r, ev.value)
    S.owed[ev.player] = S.owed[ev.player] + COST
    if S.owed[ev.player] == COST then settle(ev.player) end   -- else a payment question is waiting
  end,
}

-- Asked before the other questions a volcano's target raises (priority 1), so
-- a critter migrates before anything else happens to its tile.
on("volcano_targeted", function(ev)
  for _, c in ipairs(game.critters_at(ev.q, ev.r)) do
    if c.player ~= ev.player and game.holds(c.player, NAME) and not c.fixed and
       total(game.resources(c.player)) >= COST then
      local choices = {}
      for _, a in ipairs(game.biome_areas(c.q, c.r, c.area)) do
        if a.free and not a.closed and not (a.q == c.q and a.r == c.r) then
          choices[#choices + 1] = { value = a.area, q = a.q, r = a.r }
        end
      end
      if #choices > 0 then WHERE:ask(c.player, choices, { critter = c.index, at = { q = c.q, r = c.r } }) end
    end
  end
end, 1, NAME)

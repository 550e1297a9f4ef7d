-- Island forger
-- A summoned island may take a fourth tile.

local game = game

local NAME = "Island forger"

-- Whether the player could summon an island this turn that a bolt would let
-- take a fourth tile: not a holder (whose islands take it already), the
-- crater's critters and a purchase left (all in the card's bolt_needs,
-- checked before any Lua runs), a tile more in the supply than an island
-- takes, and its price (or at most 1 resource: the free island).
local function island_to_forge(player)
  if game.supply("land") < game.rule("island_tiles") + 1 then return false end
  return game.resources(player, "total") <= 1 or #game.payments(player, game.price(player, "island")) > 0
end

card {
  name = NAME,
  levels = { 3, 4 },
  stars = 3,
  bolt = "buy",
  bolt_needs = { crater = "island_crater_critters", purchase = true, holder = false },
  bolt_offer = island_to_forge,
  text = "When you summon an island you may take a fourth tile; island tiles need not match edges.",
  ruling = "The fourth tile is optional (\"you may\"): after the third, the summoner may stop, since taking it can empty the supply and end the game. Island tiles never need matching edges (the base ruling for islands). Caldera bolt: an island summoned this turn may take the fourth tile; offered in the buy step to a player without the power who could summon an island now (a purchase left, three critters in the crater, its price, four land tiles in the supply).",
}

local bolts = require("uses").new(NAME, 0)   -- a bolt played this turn: one left, never spent

-- An island of fewer than four tiles summoned by a holder, or by a player
-- who played the bolt this turn, may take one more.
local function fourth_tile(ev)
  ev.tiles = ev.tiles + 1
  ev.optional = ev.optional + 1
end
on("island", fourth_tile, 0, { card = NAME, holder = true, when = { tiles = { max = 3 } } })
on("island", fourth_tile, 0, { card = NAME, holder = false, uses = bolts, when = { tiles = { max = 3 } } })

on("caldera_played", function(ev) bolts.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })

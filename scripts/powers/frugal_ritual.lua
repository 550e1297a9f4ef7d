-- Frugal ritual
-- The sacrifice from hand costs 2 resources of different types.

local game = game

local NAME = "Frugal ritual"
local bolts = require("uses").new(NAME, 0)   -- a bolt played this turn: one left, never spent

-- Whether a bolt would lower this turn's price: only when a sacrifice from
-- hand is left (room in the crater, one in hand: the card's bolt_needs,
-- checked before any Lua runs; and none sacrificed from hand yet: a forced
-- sacrifice, when no tile could be bought, was one), not for a holder, who
-- pays the frugal price already, and when two resources of different types
-- could pay for it.
local function cheaper_sacrifice(player)
  return game.turn_state("sacrificed_hand") == 0 and #game.payments(player, { any = 2, distinct = true }) > 0
end

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "sacrifice",
  bolt_needs = { crater_room = true, hand = 1, resources = 2, holder = false },
  bolt_offer = cheaper_sacrifice,
  text = "Your sacrifice from hand costs 2 resources of different types instead of 5.",
  ruling = "A holder with resources of one type only may still pay the usual price (5 of that type). Caldera bolt: this turn's sacrifice from hand costs 2 resources of different types; offered in the sacrifice step only, to a player without the power who may still sacrifice from hand this turn and has two resources of different types.",
}

-- The price of a sacrifice (the gates' `when`) for a holder, or for a player
-- who played the bolt this turn: 2 of different types, or the usual price of
-- one type: a holder of one type only could pay the usual price, and the
-- power never takes that away.
local function frugal_price(ev)
  ev.any, ev.alike, ev.each, ev.distinct = 2, ev.any, 0, true
end
on("cost", frugal_price, 0, { card = NAME, holder = true, when = { item = "sacrifice" } })
on("cost", frugal_price, 0, { card = NAME, holder = false, uses = bolts, when = { item = "sacrifice" } })

on("caldera_played", function(ev) bolts.bolt(ev.player) end, 0, { card = NAME, when = { card = NAME } })

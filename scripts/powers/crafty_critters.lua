-- Crafty critters
-- A third tile when the first two bought this turn went onto volcanic soil.

local NAME = "Crafty critters"
local purchases = require("purchases").new(NAME)

-- What content/costs.lua asks (no reader gives prices): the cheapest purchase
-- is a Trio, 2 resources of any types; an island summoned for free, by a
-- player with at most 1 resource, takes 3 critters from the crater.
local CHEAPEST, ISLAND_CRATER = 2, 3

-- Whether the player could make one purchase more than the turn allows now:
-- the supply holds it and they can pay for it after the purchases left.
-- Where the count of purchases left is unknown, none are counted, so the bolt
-- is never hidden where it could act.
local function purchase_to_spare(player)
  local want = (purchases.left() or 0) + 1
  local supply, have = game.supply(), game.resources(player)
  if supply.land + supply.volcanoes < want then return false end
  local total = have.dark + have.medium + have.light
  return total >= CHEAPEST * want or
         (want == 1 and supply.land > 0 and game.crater(player) >= ISLAND_CRATER)
end

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "buy",
  bolt_offer = purchase_to_spare,
  text = "You may buy up to three tiles if the first two tiles bought this turn were played on volcanic soil.",
  ruling = "Caldera bolt: one more tile may be bought this turn, offered in the buy step only, and only when the player could pay for one purchase beyond those the turn still allows and the supply holds it.",
}

-- The base rule allows a second tile after the first went onto soil; Crafty
-- allows a third when the first two both did.
on("buy_limit", function(ev)
  if ev.extra < 2 then ev.extra = 2 end
end, 0, { card = NAME, holder = true, when = { bought = 2, soil = 2 } })

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then
    game.add_buys(1)
    purchases.add(1)
  end
end, 0, NAME)

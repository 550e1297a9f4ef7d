-- Crafty critters
-- A third tile when the first two bought this turn went onto volcanic soil.

local game, ipairs = game, ipairs

local NAME = "Crafty critters"
local purchases = require("purchases")

-- The fewest resources that pay a price: `any` of any types, `alike` of one
-- type, or `each` of every type (dark, medium and light); 0 when it is free.
local function fewest(price)
  local n
  for _, k in ipairs{ price.any, price.alike, 3 * price.each } do
    if k > 0 and (not n or k < n) then n = k end
  end
  return n or 0
end

-- Whether the player could make one purchase more than the turn allows now:
-- the supply holds it and they can pay for it after the purchases left (the
-- cheapest tile or volcano for each), or it is the one purchase and a free
-- island (at most 1 resource, the crater's critters) could be summoned.
local function purchase_to_spare(player)
  local want = purchases.left() + 1
  local supply = game.supply()
  if supply.land + supply.volcanoes < want then return false end
  if want == 1 and supply.land > 0 and game.crater(player) >= game.rule("island_crater_critters") then
    return true
  end
  local have = game.resources(player)
  local total, cheapest = have.dark + have.medium + have.light, nil
  for _, item in ipairs{ "uno", "duo", "trio", "volcano" } do
    local n = fewest(game.price(player, item))
    if not cheapest or n < cheapest then cheapest = n end
  end
  return total >= cheapest * want
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

on("caldera_played", function() game.add_buys(1) end, 0, { card = NAME, when = { card = NAME } })

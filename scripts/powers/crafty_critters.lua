-- Crafty critters
-- A third tile when the first two bought this turn went onto volcanic soil.

local NAME = "Crafty critters"

card {
  name = NAME,
  levels = { 2, 4 },
  stars = 1,
  bolt = "buy",
  text = "You may buy up to three tiles if the first two tiles bought this turn were played on volcanic soil.",
  ruling = "Caldera bolt: one more tile may be bought this turn, offered in the buy step only.",
}

-- The base rule allows a second tile after the first went onto soil; Crafty
-- allows a third when the first two both did.
on("buy_limit", function(ev)
  if game.holds(ev.player, NAME) and ev.bought == 2 and ev.soil == 2 and ev.extra < 2 then
    ev.extra = 2
  end
end, 0, NAME)

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then game.add_buys(1) end
end, 0, NAME)

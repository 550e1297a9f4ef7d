-- Crafty critters
-- You may buy up to three tiles if the first two tiles bought this turn were played on volcanic soil.

card {
  name = "Crafty critters",
  levels = { 2, 4 },
  bolt = true,
  stars = 1,
  text = "You may buy up to three tiles if the first two tiles bought this turn were played on volcanic soil.",
  ruling = "Caldera bolt: one more tile may be bought this turn.",
}

local NAME = "Crafty critters"

-- The base rule allows a second tile after the first went onto soil; Crafty
-- allows a third when the first two both did.
on("buy_limit", function(ev)
  if game.holds(ev.player, NAME) and ev.bought == 2 and ev.soil == 2 and ev.extra < 2 then
    ev.extra = 2
  end
end, 0, NAME)

-- Caldera bolt: one more tile may be bought this turn.
on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then game.add_buys(1) end
end, 0, NAME)

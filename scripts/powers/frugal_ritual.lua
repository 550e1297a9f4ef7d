-- Frugal ritual
-- Your sacrifice from hand costs 2 resources of different types instead of 5.

card {
  name = "Frugal ritual",
  levels = { 2, 4 },
  stars = 1,
  text = "Your sacrifice from hand costs 2 resources of different types instead of 5.",
}

local NAME = "Frugal ritual"

on("cost", function(ev)
  if ev.item == game.COST.sacrifice and game.holds(ev.player, NAME) then
    ev.any, ev.alike, ev.each, ev.distinct = 2, 0, 0, 1
  end
end)

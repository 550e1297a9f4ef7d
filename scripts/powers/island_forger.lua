-- Island forger
-- When you summon an island you may take a fourth tile; island tiles need not match edges.

card {
  name = "Island forger",
  levels = { 3, 4 },
  stars = 3,
  text = "When you summon an island you may take a fourth tile; island tiles need not match edges.",
  ruling = "Island tiles never need matching edges (the base ruling for islands), so the power's effect is the fourth tile.",
}

local NAME = "Island forger"

-- Island tiles never need matching edges (RULINGS: Islands), so only the count changes.
on("island", function(ev)
  if game.holds(ev.player, NAME) and ev.tiles < 4 then ev.tiles = 4 end
end, 0, NAME)

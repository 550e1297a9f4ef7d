-- Island forger
-- A summoned island may take a fourth tile.

local NAME = "Island forger"

card {
  name = NAME,
  levels = { 3, 4 },
  stars = 3,
  bolt = "buy",
  text = "When you summon an island you may take a fourth tile; island tiles need not match edges.",
  ruling = "The fourth tile is optional (\"you may\"): after the third, the summoner may stop, since taking it can empty the supply and end the game. Island tiles never need matching edges (the base ruling for islands). Caldera bolt: an island summoned this turn may take the fourth tile; offered in the buy step.",
}

local S = game.state{ bolt_turn = game.per_player(0) }

on("island", function(ev)
  local bolt = S.bolt_turn[ev.player] == game.turn()
  if (game.holds(ev.player, NAME) or bolt) and ev.tiles < 4 then
    ev.tiles = ev.tiles + 1
    ev.optional = ev.optional + 1
  end
end, 0, NAME)

on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then S.bolt_turn[ev.player] = game.turn() end
end, 0, NAME)

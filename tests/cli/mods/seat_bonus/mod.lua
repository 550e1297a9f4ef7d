-- Test mod with a known effect: seat A scores `seat_bonus` more points at the
-- end (5 unless --set seat_bonus=V says otherwise). The simulation tests use
-- it to check that compare and balance find an effect of the right sign.
on("scoring", function(ev)
  if ev.player == 0 then
    ev.bonus = ev.bonus + game.param("seat_bonus", 5)
  end
end)

return {
  name = "seat_bonus",
  version = "1.0",
  description = "Test mod: seat A gets seat_bonus (default 5) more points at scoring.",
}

-- Test mod that reads a parameter without a default: every player's bonus is
-- game.param("needs_value"). Without --set needs_value=V it fails (and is
-- switched off); with it, the bonus shows in the scores.
on("scoring", function(ev)
  ev.bonus = ev.bonus + game.param("needs_value")
end)

return {
  name = "needs_param",
  version = "1.0",
  description = "Test mod: adds the parameter needs_value to every score.",
}

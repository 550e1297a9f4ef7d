-- Test mod that fails in every game: its first scoring handler raises, so the
-- mod is switched off in that game. Reports must say so and exit non-zero.
on("scoring", function(ev)
  error("this rule is broken on purpose")
end)

return {
  name = "broken_rule",
  version = "1.0",
  description = "Test mod: raises an error at scoring.",
}

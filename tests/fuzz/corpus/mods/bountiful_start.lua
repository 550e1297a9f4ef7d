-- Bountiful start: a house rule that raises everyone's resource cap from the
-- rulebook's 7 to 8. After collecting, a player keeps up to `cap` resources
-- and discards the rest, so writing ev.cap is all it takes.

local CAP = 8

on("collect", function(ev)
  if ev.cap < CAP then
    ev.cap = CAP
  end
end)

return {
  name = "f",
  version = "1.0",
  description = "House rule: every player may keep 8 resources after collecting (rulebook: 7).",
}

-- Erosion
-- Once per turn, before claiming, remove the top tile of an uninhabited stack of two or more; the tile beneath can then be claimed.

card {
  name = "Erosion",
  levels = { 2, 4 },
  bolt = true,
  stars = 1,
  text = "Once per turn, before claiming, remove the top tile of an uninhabited stack of two or more; the tile beneath can then be claimed.",
  ruling = "Erosion is offered as the claim step begins. Caldera bolt: erode a stack at once.",
}

local NAME = "Erosion"
local TAG = "erosion_stack"

-- Once per turn, as the claim step begins, erode an uninhabited stack of two or more.
local function offer(player)
  local choices = {}
  for _, at in ipairs(game.land()) do
    local s = game.stack(at.q, at.r)
    if s.height >= 2 and not s.lava and s.top ~= "volcano" and #game.critters_at(at.q, at.r) == 0 then
      choices[#choices + 1] = { value = s.height, q = at.q, r = at.r }
    end
  end
  if #choices > 0 then
    game.ask{ player = player, tag = TAG, choices = choices, pass = true }
  end
end

on("phase", function(ev)
  if ev.phase == game.PHASE.claim and game.holds(ev.player, NAME) then offer(ev.player) end
end, 0, NAME)

-- Caldera bolt: erode a stack now.
on("caldera_played", function(ev)
  if game.card(ev.card).name == NAME then offer(ev.player) end
end, 0, NAME)

on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  local s = game.stack(ev.q, ev.r)   -- still erodible? (other answers may have come first)
  if s.height >= 2 and not s.lava and s.top ~= "volcano" and #game.critters_at(ev.q, ev.r) == 0 then
    game.remove_top(ev.q, ev.r)
  end
end, 0, NAME)

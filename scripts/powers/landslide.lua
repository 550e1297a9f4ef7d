-- Landslide
-- Whenever a volcano is activated you may slide a tile next to it onto a lower neighbouring tile, crushing critters that cannot escape.

card {
  name = "Landslide",
  levels = { 2, 4 },
  stars = 2,
  text = "Whenever a volcano is activated you may slide a tile next to it onto a lower neighbouring tile, crushing critters that cannot escape.",
}

local NAME = "Landslide"
local TAG = "landslide_slide"

local function can_take(s) return s.height > 0 and not s.lava and s.top ~= "volcano" end

-- Whenever a volcano is activated, each holder (in turn order from the active
-- player) may slide the top tile of a stack next to it onto a lower
-- neighbouring stack. Ruling: the sliding stack keeps at least one tile, so only
-- stacks of two or more slide; the destination is any lower land stack next to
-- it but the volcano; edges need not match. Choice value: 10 * (index of the
-- sliding stack among the volcano's neighbours) + direction of the slide.
on("volcano_activated", function(ev)
  local around = game.neighbours(ev.q, ev.r)
  for k = 0, game.players() - 1 do
    local p = (game.active() + k) % game.players()
    if game.holds(p, NAME) then
      local choices = {}
      for i, from in ipairs(around) do
        local fs = game.stack(from.q, from.r)
        if can_take(fs) and fs.height >= 2 then
          for d, to in ipairs(game.neighbours(from.q, from.r)) do
            local ts = game.stack(to.q, to.r)
            if (to.q ~= ev.q or to.r ~= ev.r) and can_take(ts) and ts.height < fs.height then
              choices[#choices + 1] = { value = i * 10 + d, q = to.q, r = to.r }
            end
          end
        end
      end
      if #choices > 0 then
        game.ask{ player = p, tag = TAG, choices = choices, pass = true }
      end
    end
  end
end, 0, NAME)

-- The volcano's position is not in the answer: the sliding stack's index and the
-- direction lead from the destination back to it.
on("decision", function(ev)
  if ev.tag ~= game.tag(TAG) or ev.choice < 0 then return end
  local d = ev.value % 10
  local back = game.neighbours(ev.q, ev.r)[(d + 2) % 6 + 1]   -- the opposite direction
  -- Other answers (another slide, a bomb) may have changed the stacks since the question.
  local fs, ts = game.stack(back.q, back.r), game.stack(ev.q, ev.r)
  if can_take(fs) and can_take(ts) and ts.height < fs.height then
    game.slide(back.q, back.r, ev.q, ev.r)
  end
end, 0, NAME)

-- Words for places, critters and payments, for labels.

local M = {}

function M.at(place) return ("(%d,%d)"):format(place.q, place.r) end

-- "A's critter at (1,-2)"
function M.critter(c) return ("%s's critter at %s"):format(string.char(65 + c.player), M.at(c)) end

-- "2 dark + 1 light"
function M.payment(p)
  local parts = {}
  for _, b in ipairs{ "dark", "medium", "light" } do
    if p[b] > 0 then parts[#parts + 1] = p[b] .. " " .. b end
  end
  return #parts > 0 and table.concat(parts, " + ") or "nothing"
end

return M

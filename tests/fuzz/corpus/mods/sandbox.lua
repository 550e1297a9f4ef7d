local t = setmetatable({}, {__index = function(_, k) return k end})
local co = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
local s = ("a,b,c"):gsub("%w", string.upper) .. tostring(co()) .. table.concat({1, 2}, "-")
on("turn_start", function(ev) local ok = pcall(string.rep, "x", 1e9) ev.moves = ev.moves + (ok and 1 or 0) end)
on("scoring", function(ev) for k, v in pairs({a = 1, b = 2}) do ev.bonus = ev.bonus + v end end)
return { name = "f", version = "1", description = s }
--@@
return { twice = function(x) return 2 * x end }

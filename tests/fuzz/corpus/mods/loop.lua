on("collect", function(ev) while true do end end)
return { name = "f", version = "1" }

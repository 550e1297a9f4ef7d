local s = "x" for i = 1, 30 do s = s .. s end return {}

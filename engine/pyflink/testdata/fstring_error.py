x = 1
print(f"{}")

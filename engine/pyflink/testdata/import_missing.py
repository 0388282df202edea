import math
print(math.floor(2.5))
import pandas

# Rotating everyone one chair to the left is a valid answer but not the smallest one.
n = int(input())
print(-1 if n == 1 else " ".join(str(j % n + 1) for j in range(1, n + 1)))

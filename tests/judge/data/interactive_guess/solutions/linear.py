n = int(input())
for x in range(1, n + 1):
    print("?", x, flush=True)
    if input().strip() == "=":
        print("!", x, flush=True)
        break

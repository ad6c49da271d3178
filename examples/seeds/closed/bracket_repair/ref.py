import sys


def main():
    s = sys.stdin.read().split()[1]
    opened = inserted = 0
    for c in s:
        if c == "(":
            opened += 1
        elif opened:
            opened -= 1
        else:
            inserted += 1
    print(inserted + opened)


main()

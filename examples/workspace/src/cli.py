# TODO: port to TypeScript
import sys

def main():
    print("inventory", sys.argv[1:])

if __name__ == "__main__":
    main()

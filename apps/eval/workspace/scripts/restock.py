from utils import load_products

THRESHOLD = 5


def restock_low(products, amount=20):
    restocked = []
    for product in products:
        if product["stock"] < THRESHOLD:
            product["stock"] += amount
            restocked.append(product["id"])
    return restocked


if __name__ == "__main__":
    # TODO: write the new stock back to data/products.json
    print(restock_low(load_products()))

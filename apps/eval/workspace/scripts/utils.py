import json


def load_products(path="data/products.json"):
    with open(path) as handle:
        return json.load(handle)


def load_customers(path="data/customers.json"):
    with open(path) as handle:
        return json.load(handle)


def format_price(amount, currency="EUR"):
    return f"{amount:.2f} {currency}"

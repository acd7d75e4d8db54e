"""Every operation's schema documents the error answers it can send."""

from drf_spectacular.generators import SchemaGenerator


def test_every_operation_documents_the_errors_it_can_send():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    missing = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            needed = set()
            if operation.get("security") and {} not in operation["security"]:
                needed |= {"401", "403"}
            if "{" in path:
                needed.add("404")
            if "requestBody" in operation or any(p["in"] == "query" for p in operation.get("parameters", [])):
                needed.add("400")
            missing += [f"{method.upper()} {path} {code}" for code in sorted(needed - codes)]
    assert not missing, missing

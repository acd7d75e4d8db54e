from django.conf import settings
from django.http import FileResponse, HttpResponse


def spa_index(request, *args, **kwargs):
    """Every non-API path answers the SPA's index.html; the SPA's router decides (incl. 404)."""
    index = settings.SPA_DIST_DIR / "index.html"
    if not index.is_file():
        return HttpResponse(
            "The web app is not built yet. Run `make run` (or `npm run build` in frontend/).",
            status=503,
            content_type="text/plain",
        )
    response = FileResponse(index.open("rb"), content_type="text/html")
    response["Cache-Control"] = "no-cache"
    return response

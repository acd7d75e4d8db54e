from django.conf import settings
from django.urls import include, path, re_path
from django.views.static import serve
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from apps.core.spa import spa_index
from apps.core.views import health

urlpatterns = [
    path("api/accounts/", include("apps.accounts.urls")),
    # The teammates strip belongs to work (presence); its paths stay under /api/accounts/.
    path("api/accounts/", include("apps.work.urls_accounts")),
    # The checkout's paths are work's in the spec; it reads task time, so it sits above projects.
    path("api/work/", include("apps.checkout.urls")),
    path("api/work/", include("apps.work.urls")),
    # Time on tasks joins tasks to work days, so it lives in projects; its paths are work's.
    path("api/work/", include("apps.projects.urls_work")),
    # Calendars and external trackers (issue 15): spec 01 §7's work paths.
    path("api/work/", include("apps.integrations.urls")),
    # The working-time account (issue 27): targets, holidays, adjustments and the balance.
    path("api/work/", include("apps.timeaccount.urls")),
    # Reports over work, projects, integrations and checkout (the work-time table).
    path("api/work/", include("apps.reports.urls")),
    # The calendar (issue 29): week and month reads, the private iCalendar feed.
    path("api/work/", include("apps.calendar.urls")),
    path("api/projects/", include("apps.projects.urls")),
    path("api/media/", include("apps.projects.urls_media")),
    path("api/activities/", include("apps.projects.urls_activities")),
    path("api/workspace/", include("apps.workspace.urls")),
    path("api/accounts/", include("apps.workspace.urls_invitations")),
    path("api/accounts/sso/", include("apps.workspace.urls_sso")),
    path("api/notifications/", include("apps.accounts.urls_notifications")),
    path("api/health/", health, name="health"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file: no inline script (CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
]

if settings.BENCH_VIEWS:
    # The benchmarks' yardstick (bench/http); off unless BENCH_VIEWS is set.
    from apps.core.views import bench_bare

    urlpatterns.append(path("api/bench/bare/", bench_bare, name="bench-bare"))

if settings.SERVE_MEDIA:
    # Embedded mode serves uploads itself; a deployment puts them behind the web server.
    urlpatterns.append(re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}))

# Everything else is the SPA; an unknown /api/ path (a non-integer id too) is a JSON 404.
handler404 = "apps.core.views.not_found"
urlpatterns.append(re_path(r"^(?!api/|media/|static/|ws/).*$", spa_index, name="spa"))

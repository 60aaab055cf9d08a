from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import TemplateView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from games.api.errors import api_not_found
from heldenweb.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", include("games.urls")),
    path("", include("leagues.urls")),
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("accounts/", include("accounts.urls")),
    path("talk/", include("talk.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("heldenweb.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start script as a file: the CSP allows no inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    re_path(r"^api/", api_not_found),  # anything else under /api/ is a JSON 404, never an HTML page
]

# Under /api/ errors are JSON; elsewhere Django's own pages.
handler404 = "games.api.errors.handler404"
handler500 = "games.api.errors.handler500"

from django.urls import path

from apps.projects.views import projects

urlpatterns = [path("color/", projects.colors, name="colors")]

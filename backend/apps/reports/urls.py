from django.urls import path

from apps.reports import views

urlpatterns = [
    path("worktime_table/", views.worktime_table_view, name="worktime-table"),
    path("week_grid/", views.week_grid_view, name="week-grid"),
]

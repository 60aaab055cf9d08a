"""The REST API's shared plumbing, used by every app's API: the base view, pagination, the id converter,
throttles, the serializer base, the request's language, the schema's error responses, ``ApiError``.

It sits below all the apps and imports none of them (``.importlinter``), so the accounts app can build
its API without importing the games app. What is specific to one app (its views, serializers, the
service errors' wording) stays in that app.
"""

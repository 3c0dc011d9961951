"""The blueprints, one module per page: routes only (request parsing, templates, redirects, JSON answers).

What a page reads and writes lives in a Flask-free module of :mod:`web` (``explore``, ``edits``, ``registry``,
``runs``, ``users``, ``graphs``); its templates in ``web/templates/<blueprint>/``. A new page adds a module here
and one line to the list in :func:`web.create_app`.
"""
